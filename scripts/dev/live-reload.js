// npm run dev adds this file to every page it serves. It listens to /dev/events: a good rebuild reloads
// the page; a failed one lays its problems (file:line:col, code, message) over the page, which keeps
// showing the last good build. A good build's warnings (texts not translated yet, shown in English)
// go in a smaller panel in a corner, which stays hidden, once hidden, until the warnings change.
// It touches nothing of the app: its own elements, its own stylesheet.
'use strict';
(function () {
  var RELOADING = 'dev:live-reload:build';
  var HIDDEN_WARNINGS = 'dev:live-reload:hidden-warnings';
  var reloadedFor = null;
  try {
    reloadedFor = window.sessionStorage.getItem(RELOADING);
    window.sessionStorage.removeItem(RELOADING);
  } catch {
    reloadedFor = null;
  }
  // The first connection after a reload says which build it reloaded for: the terminal prints the time from the edit.
  var source = new window.EventSource('/dev/events' + (reloadedFor ? '?reloaded=' + encodeURIComponent(reloadedFor) : ''));
  var showing = null;
  var overlay = null;
  var warningPanel = null;

  /** Reloads the page for `build`, or opens `to` in its place. */
  function reload(build, to) {
    try {
      window.sessionStorage.setItem(RELOADING, String(build));
    } catch {
      // Without sessionStorage the page still reloads; only the timing is lost.
    }
    if (to) window.location.assign(to);
    else window.location.reload();
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function stylesheet() {
    if (document.getElementById('dev-live-reload-style')) return;
    var link = element('link');
    link.id = 'dev-live-reload-style';
    link.rel = 'stylesheet';
    link.href = '/dev/live-reload.css';
    document.head.appendChild(link);
  }

  function problemList(problems, severity) {
    var list = element('ol', 'dev-problems__list');
    problems.forEach(function (problem) {
      var item = element('li', 'dev-problems__item');
      item.appendChild(element('code', 'dev-problems__where', problem.file + ':' + problem.line + ':' + problem.col));
      item.appendChild(element('span', 'dev-problems__code', severity + ' ' + problem.code));
      item.appendChild(element('p', 'dev-problems__message', problem.message));
      list.appendChild(item);
    });
    return list;
  }

  function storedHidden() {
    try {
      return window.sessionStorage.getItem(HIDDEN_WARNINGS);
    } catch {
      return null;
    }
  }

  // Warnings do not stop anything, so they sit in a corner as a status, not an alert; hidden once, they
  // stay hidden across reloads until the list changes.
  /** A corner panel: a titled list of problems with a note and a Hide button, added to the page. */
  function panel(kind, role, title, note, problems, onHide) {
    stylesheet();
    var section = element('section', kind === 'warning' ? 'dev-problems dev-problems--warnings' : 'dev-problems');
    var titleId = kind === 'warning' ? 'dev-warnings-title' : 'dev-problems-title';
    section.setAttribute('role', role);
    section.setAttribute('aria-labelledby', titleId);
    var heading = element('h2', 'dev-problems__title', title);
    heading.id = titleId;
    section.appendChild(heading);
    section.appendChild(element('p', 'dev-problems__note', note));
    section.appendChild(problemList(problems, kind));
    var hide = element('button', 'dev-problems__hide', 'Hide');
    hide.type = 'button';
    hide.addEventListener('click', function () {
      section.hidden = true;
      if (onHide) onHide();
    });
    section.appendChild(hide);
    document.body.appendChild(section);
    return section;
  }

  function showWarnings(warnings) {
    if (warningPanel) warningPanel.remove();
    warningPanel = null;
    if (!warnings || warnings.length === 0) return;
    var key = JSON.stringify(warnings.map(function (w) { return w.text; }));
    if (storedHidden() === key) return;
    var title = warnings.length + (warnings.length === 1 ? ' warning' : ' warnings');
    var note = 'The page is up to date. Texts not translated yet show in English here; npm run survey:check and the build refuse them until they are translated.';
    warningPanel = panel('warning', 'status', title, note, warnings, function () {
      try {
        window.sessionStorage.setItem(HIDDEN_WARNINGS, key);
      } catch {
        // Without sessionStorage the panel comes back on the next reload; nothing else is lost.
      }
    });
  }

  function show(problems) {
    if (overlay) overlay.remove();
    overlay = null;
    if (!problems || problems.length === 0) return;
    var surveyOnly = problems.every(function (p) { return p.file.indexOf('survey/') === 0; });
    var title = (surveyOnly ? 'The survey has ' : 'The build has ') + problems.length + (problems.length === 1 ? ' problem' : ' problems');
    var note = 'This page shows the last build that worked. Fix the file and save: the page reloads by itself.';
    overlay = panel('error', 'alert', title, note, problems);
  }

  source.addEventListener('hello', function (message) {
    var hello = JSON.parse(message.data);
    var build = hello.session + ':' + hello.build;
    // Connected again after a restart of npm run dev, or after a reload this page missed: catch up.
    if (showing !== null && build !== showing) return reload(hello.build);
    showing = build;
    show(hello.problems);
    // Beside the problem overlay the warnings would only be in the way: they come back with the next good build.
    showWarnings(hello.problems && hello.problems.length > 0 ? [] : hello.warnings);
  });
  // The survey preview shows the pictures, drawn just after the reload: it waits for them.
  var showsPictures = document.querySelector('.graph, [data-survey-pictures]') !== null;
  /**
   * The survey page's step to open again after the survey changed, as /dev/open-step opens it (signed in
   * as the same persona, the answers before it filled in anew); null on any other page. The page's saved
   * answers may no longer fit the survey (an answer added: the page would start over) or keep an order
   * it no longer has (answers reordered), so a plain reload would not show the change where it was made.
   */
  function reopenedStep() {
    var path = /^\/cancel\/([^/]+)\/?$/.exec(window.location.pathname);
    if (!path || path[1] === 'no-subscription') return null;
    // Only a page that shows a survey keeps its state (src/app/saved-survey.ts): one asking to sign in has none.
    try {
      if (window.sessionStorage.getItem('cancel:survey:' + path[1]) === null) return null;
    } catch {
      return null;
    }
    var step = new window.URLSearchParams(window.location.search).get('step');
    if (step === 'done' || step === 'retained' || step === 'declare') return null;
    var query = new window.URLSearchParams({ route: path[1], or: 'start' });
    if (step) query.set('step', step);
    return '/dev/open-step?' + query.toString();
  }
  source.addEventListener('reload', function (message) {
    var data = JSON.parse(message.data);
    if (data.picturesFollow && showsPictures) return;
    reload(data.build, data.picturesFollow ? reopenedStep() : null);
  });
  source.addEventListener('pictures', function (message) {
    if (showsPictures) reload(JSON.parse(message.data).build);
  });
  source.addEventListener('problems', function (message) {
    showWarnings([]);
    show(JSON.parse(message.data).problems);
  });
})();
