// DLX Lab guard: a stopped Go program is never a frozen page.
//
// The playground is a Go program compiled to WebAssembly. If it stops (a
// panic, running out of memory, a stack overflow in the browser), every
// later click only throws "Go program has already exited" and the page
// looks alive but does nothing. This script, loaded before go-app's
// scripts, notices that (the program's run ending, or one of those errors
// reaching the window) and covers the page with a message and two ways
// on: Reload, which opens the last autosaved work without the link that
// was being opened, and Start empty, which also forgets the autosave.
(function () {
  "use strict";
  var SAVE_KEY = "dlxlab.session.v1";
  var shown = false;
  var zh = /^zh/i.test(safeGet("dlxlab.lang") || navigator.language || "");
  var text = zh
    ? { title: "实验场已停止运行", body: "内部错误使程序停止了（可能是场景过大或出现了程序错误）。自动保存的上一次工作仍在。",
        reload: "重新加载（自动保存）", empty: "从空白开始", detail: "详情：" }
    : { title: "The playground stopped", body: "An internal error stopped the program (a scenario too large for the browser, or a bug). Your last autosaved work is kept.",
        reload: "Reload (autosave)", empty: "Start empty", detail: "Detail: " };

  function safeGet(k) {
    try { return localStorage.getItem(k); } catch (e) { return null; }
  }

  // home is this page without a share link: the fragment dropped, and a
  // /s/{id} path taken back to the site's root.
  function home() {
    return location.pathname.replace(/\/(embed\/)?s\/[^/]*$/, "/") + location.search;
  }

  function el(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (content) { e.textContent = content; }
    return e;
  }

  function show(reason) {
    if (shown || !document.body) { return; }
    shown = true;
    var box = el("div", "dl-guard", "");
    box.id = "guard";
    box.setAttribute("role", "alertdialog");
    var panel = el("div", "dl-guard-panel", "");
    panel.appendChild(el("h2", "", text.title));
    panel.appendChild(el("p", "", text.body));
    if (reason) {
      var d = el("p", "dl-guard-detail", text.detail + String(reason).slice(0, 300));
      d.id = "guard-detail";
      panel.appendChild(d);
    }
    var reload = el("button", "dl-button dl-button--primary", text.reload);
    reload.id = "guard-reload";
    reload.type = "button";
    reload.addEventListener("click", function () { location.replace(home()); });
    var empty = el("button", "dl-button", text.empty);
    empty.id = "guard-empty";
    empty.type = "button";
    empty.addEventListener("click", function () {
      try { localStorage.removeItem(SAVE_KEY); } catch (e) { /* private mode */ }
      location.replace(home());
    });
    panel.appendChild(reload);
    panel.appendChild(empty);
    box.appendChild(panel);
    document.body.appendChild(box);
    reload.focus();
  }

  var fatal = /Go program has already exited|Maximum call stack|out of memory|unreachable|RuntimeError/i;
  function check(message) {
    if (fatal.test(String(message || ""))) { show(message); }
  }
  window.addEventListener("error", function (e) { check(e.message || (e.error && e.error.message)); });
  window.addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    check(r && r.message ? r.message : r);
  });

  // wasm_exec.js defines Go later; when it does, watch its run: in the
  // playground it never ends unless the program stopped.
  var Go;
  try {
    Object.defineProperty(window, "Go", {
      configurable: true,
      get: function () { return Go; },
      set: function (v) {
        Go = v;
        var run = v && v.prototype && v.prototype.run;
        if (typeof run !== "function") { return; }
        v.prototype.run = function (instance) {
          var p = run.call(this, instance);
          p.then(function () { show("exit"); }, function (err) { show(err && err.message ? err.message : err); });
          return p;
        };
      }
    });
  } catch (e) { /* Go already defined: the error listeners still work */ }
  window.dlxlabGuard = show; // for tests: what a stop looks like
})();
