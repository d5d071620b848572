// The Share and Copy buttons of a finished game's share text. Share opens the
// phone's share sheet (navigator.share) and shows only where the browser has
// one; Copy uses the clipboard when the browser allows it, otherwise the text
// is selected for the player to copy, and is what Share falls back to.
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
    if (typeof navigator.share === "function") {
      root.querySelectorAll("button.share-native[hidden]").forEach(function (button) {
        button.hidden = false;
        // One primary button: Share leads, Copy stays beside it.
        const copy = button.parentElement ? button.parentElement.querySelector("button.share-copy") : null;
        if (copy !== null) {
          copy.classList.remove("primary");
        }
      });
    }
  }

  // The status line's words, in the page's language: the template puts them on it
  // (data-copied, data-copied-clipboard, data-selected, data-shared), English otherwise.
  function say(button, name, english) {
    const box = button.closest(".share");
    const status = box ? box.querySelector(".share-status") : null;
    if (status !== null) {
      const text = status.dataset[name] || english;
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
    if (copied) {
      say(button, "copied", "Copied.");
    } else {
      say(button, "selected", "The text is selected: press Ctrl+C (\u2318C on a Mac) to copy it.");
    }
  }

  function copy(button, area) {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      navigator.clipboard.writeText(area.value).then(
        function () {
          say(button, "copiedClipboard", "Copied to the clipboard.");
        },
        function () {
          copyBySelecting(button, area);
        }
      );
    } else {
      copyBySelecting(button, area);
    }
  }

  // The share sheet gets the text (its last line is the link). Closing the sheet is
  // not a failure; a browser that refuses (no user gesture, a desktop without a
  // target) copies instead.
  function share(button, area) {
    navigator.share({ title: document.title, text: area.value }).then(
      function () {
        say(button, "shared", "Shared.");
      },
      function (error) {
        if (!(error && error.name === "AbortError")) {
          copy(button, area);
        }
      }
    );
  }

  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element ? event.target.closest("button.share-copy, button.share-native") : null;
    if (button === null) {
      return;
    }
    const area = document.getElementById(button.dataset.shareText || "");
    if (!(area instanceof HTMLTextAreaElement)) {
      return;
    }
    if (button.classList.contains("share-native") && typeof navigator.share === "function") {
      share(button, area);
    } else {
      copy(button, area);
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
