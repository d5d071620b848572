// The Copy button of a finished game's share text: the clipboard when the
// browser allows it, otherwise the text is selected for the player to copy.
// Without JavaScript the button stays hidden and the text is there to copy by
// hand. The board's end-of-game panel arrives by HTMX, so clicks are handled
// on the document and new buttons are shown as they are swapped in.
(function () {
  "use strict";

  function showButtons(root) {
    if (!(root instanceof Element || root instanceof Document)) {
      return;
    }
    root.querySelectorAll("button.share-copy[hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  function say(button, text) {
    const box = button.closest(".share");
    const status = box ? box.querySelector(".share-status") : null;
    if (status !== null) {
      // The same words twice are not a change a screen reader reads again.
      status.textContent = status.textContent === text ? text + "\u00a0" : text;
    }
  }

  function selectAll(area) {
    area.focus();
    area.select();
    area.setSelectionRange(0, area.value.length);
  }

  // No clipboard API (an old browser, a page not served over HTTPS) or the
  // browser refused: select the text, and try the old copy command.
  function copyBySelecting(button, area) {
    selectAll(area);
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(button, copied ? "Copied." : "The text is selected: press Ctrl+C (\u2318C on a Mac) to copy it.");
  }

  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element ? event.target.closest("button.share-copy") : null;
    if (button === null) {
      return;
    }
    const area = document.getElementById(button.dataset.shareText || "");
    if (!(area instanceof HTMLTextAreaElement)) {
      return;
    }
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      navigator.clipboard.writeText(area.value).then(
        function () {
          say(button, "Copied to the clipboard.");
        },
        function () {
          copyBySelecting(button, area);
        }
      );
    } else {
      copyBySelecting(button, area);
    }
  });

  document.addEventListener("htmx:load", function (event) {
    showButtons(event.target);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      showButtons(document);
    });
  } else {
    showButtons(document);
  }
})();
