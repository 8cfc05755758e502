// npm run dev adds this file to every page it serves. It listens to /dev/events: a good rebuild reloads
// the page; a failed one lays its problems (file:line:col, code, message) over the page, which keeps
// showing the last good build. It touches nothing of the app: its own element, its own stylesheet.
'use strict';
(function () {
  var RELOADING = 'dev:live-reload:build';
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

  function reload(build) {
    try {
      window.sessionStorage.setItem(RELOADING, String(build));
    } catch {
      // Without sessionStorage the page still reloads; only the timing is lost.
    }
    window.location.reload();
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

  function show(problems) {
    if (overlay) overlay.remove();
    overlay = null;
    if (!problems || problems.length === 0) return;
    stylesheet();
    var surveyOnly = problems.every(function (p) { return p.file.indexOf('survey/') === 0; });
    overlay = element('section', 'dev-problems');
    overlay.setAttribute('role', 'alert');
    overlay.setAttribute('aria-labelledby', 'dev-problems-title');
    var heading = element('h2', 'dev-problems__title', (surveyOnly ? 'The survey has ' : 'The build has ') + problems.length + (problems.length === 1 ? ' problem' : ' problems'));
    heading.id = 'dev-problems-title';
    overlay.appendChild(heading);
    overlay.appendChild(element('p', 'dev-problems__note', 'This page shows the last build that worked. Fix the file and save: the page reloads by itself.'));
    var list = element('ol', 'dev-problems__list');
    problems.forEach(function (problem) {
      var item = element('li', 'dev-problems__item');
      item.appendChild(element('code', 'dev-problems__where', problem.file + ':' + problem.line + ':' + problem.col));
      item.appendChild(element('span', 'dev-problems__code', 'error ' + problem.code));
      item.appendChild(element('p', 'dev-problems__message', problem.message));
      list.appendChild(item);
    });
    overlay.appendChild(list);
    var hide = element('button', 'dev-problems__hide', 'Hide');
    hide.type = 'button';
    hide.addEventListener('click', function () { overlay.hidden = true; });
    overlay.appendChild(hide);
    document.body.appendChild(overlay);
  }

  source.addEventListener('hello', function (message) {
    var hello = JSON.parse(message.data);
    var build = hello.session + ':' + hello.build;
    // Connected again after a restart of npm run dev, or after a reload this page missed: catch up.
    if (showing !== null && build !== showing) return reload(hello.build);
    showing = build;
    show(hello.problems);
  });
  // The survey preview shows the pictures, drawn just after the reload: it waits for them.
  var showsPictures = document.querySelector('.graph, [data-survey-pictures]') !== null;
  source.addEventListener('reload', function (message) {
    var data = JSON.parse(message.data);
    if (!(data.picturesFollow && showsPictures)) reload(data.build);
  });
  source.addEventListener('pictures', function (message) {
    if (showsPictures) reload(JSON.parse(message.data).build);
  });
  source.addEventListener('problems', function (message) {
    show(JSON.parse(message.data).problems);
  });
})();
