// The board's physical keyboard and focus handling. The server decides
// everything; this only presses the on-screen key for a typed letter (and the
// take-back button for Backspace), queues
// letters typed or clicked while a guess is in flight, and keeps the focus
// somewhere useful after HTMX swaps the board.
(function () {
  "use strict";

  // Letters typed or clicked while a guess is in flight, played one after
  // another (hx-sync="this:drop" would otherwise drop a fast second click).
  const pending = [];
  let lastPressed = null;

  function board() {
    return document.getElementById("board");
  }

  function keyboardForm() {
    const current = board();
    return current ? current.querySelector("form.keyboard") : null;
  }

  function isBusy() {
    const form = keyboardForm();
    return form !== null && form.classList.contains("htmx-request");
  }

  function keyFor(letter) {
    const form = keyboardForm();
    return form ? form.querySelector('button[name="letter"][value="' + letter + '"]') : null;
  }

  // Queued keys are marked on the board that is showing, so the player sees
  // that the click or key press was taken.
  function showQueued() {
    const form = keyboardForm();
    if (form === null) {
      return;
    }
    form.querySelectorAll("button.key").forEach(function (key) {
      key.classList.toggle("key-queued", pending.includes(key.value));
    });
  }

  function queue(letter) {
    if (!pending.includes(letter)) {
      pending.push(letter);
    }
    showQueued();
  }

  // The words of the messages below, in the page's language: the template puts them on
  // the live region (data-already-guessed, data-session-ended, data-not-taken,
  // data-no-answer; {letter} and {status} filled in here), English otherwise.
  function words(name, english, values) {
    const announcer = document.getElementById("announcer");
    let text = (announcer !== null && announcer.dataset[name]) || english;
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("{" + key + "}").join(values[key]);
    });
    return text;
  }

  // A message about the board: shown in its notices (where the server puts
  // its own) and said aloud by the live region.
  function tell(text, tone) {
    const current = board();
    const notices = current ? current.querySelector(".notices") : null;
    if (notices !== null) {
      const notice = document.createElement("p");
      notice.className = "notice notice-" + tone;
      notice.textContent = text;
      notices.replaceChildren(notice);
    }
    const announcer = document.getElementById("announcer");
    if (announcer !== null) {
      // The same words twice in a row are not a change, and would not be
      // read again: a trailing no-break space makes them one.
      announcer.textContent = announcer.textContent === text ? text + "\u00a0" : text;
    }
  }

  // A typed letter whose key is already used gives no click, so say why
  // nothing happens.
  function tellAlreadyGuessed(key) {
    // The server's own words for a repeated letter (games/services.py), with the key's
    // own capital (the language's: German ß is ẞ).
    tell(
      words("alreadyGuessed", "You already guessed \u201c{letter}\u201d. Pick another letter.", {
        letter: key.textContent.trim(),
      }),
      "info"
    );
  }

  function press(letter) {
    const key = keyFor(letter);
    if (key === null) {
      return;
    }
    if (key.disabled) {
      tellAlreadyGuessed(key);
      return;
    }
    lastPressed = letter;
    key.click();
  }

  // The key a typed character plays: the board's letter for it, lower-cased by the
  // list's language (the form's lang: Turkish I is dotless), and on a list that folds
  // accents (data-accents="fold") an accented letter the keys lack as its base letter,
  // a final form as its letter, as the server does (games/selectors/letters.py). "" when
  // no key is that letter.
  function letterFor(typed) {
    const form = keyboardForm();
    if (form === null || Array.from(typed).length !== 1) {
      return "";
    }
    const lang = form.closest("[lang]") ? form.closest("[lang]").getAttribute("lang") : undefined;
    let lower = typed.normalize("NFC").toLocaleLowerCase(lang || undefined);
    if (keyFor(lower) !== null) {
      return lower;
    }
    // A final form is its letter (data-finals: pairs of final form and letter, Greek "ςσ").
    const finals = Array.from(form.dataset.finals || "");
    for (let i = 0; i + 1 < finals.length; i += 2) {
      if (finals[i] === lower) {
        lower = finals[i + 1];
      }
    }
    if (keyFor(lower) !== null) {
      return lower;
    }
    if (form.dataset.accents === "fold") {
      // Only the marks the language folds (data-folded-marks: Vietnamese, its tones) when
      // that leaves one of its keys (ờ is ơ), else every mark (ü is u).
      const decomposed = lower.normalize("NFD");
      const marks = form.dataset.foldedMarks;
      if (marks) {
        const letter = Array.from(decomposed)
          .filter((c) => !marks.includes(c))
          .join("")
          .normalize("NFC");
        if (letter !== lower && keyFor(letter) !== null) {
          return letter;
        }
      }
      const base = decomposed.replace(/\p{M}/gu, "").normalize("NFC");
      if (base !== lower && keyFor(base) !== null) {
        return base;
      }
    }
    return "";
  }

  function typingInAField(target) {
    if (!(target instanceof Element)) {
      return false;
    }
    return target.isContentEditable || target.closest("input, textarea, select") !== null;
  }

  // AltGr types letters on many keyboards (Polish ą ę ł, German @ and €), and on Windows
  // and Linux it reports Ctrl and Alt as held: a key typed with AltGraph on is a letter,
  // not a shortcut, when it is one of the board's letters.
  function typedWithAltGraph(event) {
    return (
      typeof event.getModifierState === "function" &&
      event.getModifierState("AltGraph") &&
      letterFor(event.key) !== ""
    );
  }

  document.addEventListener("keydown", function (event) {
    // Shortcuts (Ctrl, Alt, Cmd) belong to the browser; Shift is allowed so that
    // capital letters play too, and AltGr so that the letters it types do.
    if (event.metaKey || event.isComposing) {
      return;
    }
    if ((event.ctrlKey || event.altKey) && !typedWithAltGraph(event)) {
      return;
    }
    if (event.defaultPrevented || typingInAField(event.target)) {
      return;
    }
    // Backspace takes back the last guess where the board offers it (practice games).
    if (event.key === "Backspace") {
      const undo = document.getElementById("undo-button");
      if (undo !== null && !event.repeat && !isBusy()) {
        event.preventDefault();
        undo.click();
      }
      return;
    }
    if (keyboardForm() === null) {
      return;
    }
    const letter = letterFor(event.key);
    if (letter === "") {
      return;
    }
    event.preventDefault();
    if (event.repeat) {
      return;
    }
    if (isBusy()) {
      const key = keyFor(letter);
      if (key !== null && key.disabled) {
        tellAlreadyGuessed(key);
      } else {
        queue(letter);
      }
      return;
    }
    press(letter);
  });

  // Runs before the click submits the form: a click while a guess is in
  // flight is queued instead, like a typed letter.
  document.addEventListener("click", function (event) {
    const key = event.target instanceof Element ? event.target.closest("#board button.key") : null;
    if (key === null) {
      return;
    }
    if (isBusy()) {
      event.preventDefault();
      queue(key.value);
      return;
    }
    lastPressed = key.value;
    key.classList.add("key-sending");
  });

  // Whether the player was on the on-screen keys (tabbing, clicking) when the
  // guess left: only then does the focus follow them onto the new board.
  let focusWasOnKey = false;
  document.addEventListener("htmx:beforeRequest", function () {
    const active = document.activeElement;
    focusWasOnKey = active instanceof Element && active.matches("#board button.key");
  });

  // A guess the server did not answer with a board (session ended in another
  // tab, network down): say so instead of leaving the player waiting.
  function reportFailure(event, text) {
    const form = event.detail && event.detail.elt;
    if (!(form instanceof Element) || !form.matches("#board form.keyboard")) {
      return;
    }
    pending.length = 0;
    showQueued();
    form.querySelectorAll("button.key-sending").forEach(function (key) {
      key.classList.remove("key-sending");
    });
    tell(text, "error");
  }

  // An error status means the guess was not stored (it is one transaction); pressing the
  // key again sends it with the same count of guesses, so it can never count twice.
  document.addEventListener("htmx:responseError", function (event) {
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    reportFailure(
      event,
      status === 403
        ? words(
            "sessionEnded",
            "The server did not take that guess (error 403): your session may have ended. " +
              "Reload the page and try again."
          )
        : words(
            "notTaken",
            "The server did not take that guess (error {status}). " +
              "Press the key again to retry, or reload the page.",
            { status: String(status) }
          )
    );
  });

  // No answer at all (the connection dropped, or no answer in time): the guess may or may
  // not have been stored. Sent again, the server either takes it or, if it already had,
  // shows the board with it: never twice.
  function reportNoAnswer(event) {
    reportFailure(
      event,
      words(
        "noAnswer",
        "No answer from the server, so that guess may not have been taken. " +
          "Press the key again: a guess is never counted twice."
      )
    );
  }
  document.addEventListener("htmx:sendError", reportNoAnswer);
  document.addEventListener("htmx:timeout", reportNoAnswer);

  // After a swap the pressed key is gone (disabled) and the focus with it:
  // move it to the next free key, or to the end-of-game panel.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!(event.target instanceof Element) || event.target.id !== "board") {
      return;
    }
    const over = document.getElementById("game-over");
    if (over !== null) {
      pending.length = 0;
      over.focus();
      return;
    }
    const focusIsLost = document.activeElement === null || document.activeElement === document.body;
    if (focusWasOnKey && focusIsLost && lastPressed !== null) {
      const keys = Array.from(board().querySelectorAll("button.key"));
      const start = keys.findIndex(function (key) { return key.value === lastPressed; });
      for (let step = 1; step <= keys.length; step += 1) {
        const key = keys[(start + step) % keys.length];
        if (!key.disabled) {
          key.focus();
          break;
        }
      }
    }
    while (pending.length > 0) {
      const letter = pending.shift();
      const key = keyFor(letter);
      // A letter typed again while its own guess was in flight is skipped
      // quietly: the board has just said what that guess did.
      if (key !== null && !key.disabled) {
        press(letter);
        break;
      }
    }
    showQueued();
  });
})();
