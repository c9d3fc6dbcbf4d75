// DLX Lab embed: click to load (docs/links-and-http.md "Fragment links").
//
// On /embed pages this runs before go-app's app.js (it is a plain script
// in the head; app.js is deferred). It holds back the two downloads that
// would fetch app.wasm (go-app's fetch of the wasm and the service
// worker's precache) until the reader clicks, and shows a static poster
// meanwhile: the scenario's title, summary and queues, read from the
// share link in the fragment (or the /poster/{id}.svg image of a short
// link). It also reports the page height to the parent page. On every
// other page it does nothing.
(function () {
  "use strict";
  var path = location.pathname;
  if (!/\/embed(\.html)?\/?$/.test(path) && !/\/embed\/s\//.test(path)) {
    return;
  }
  var release;
  var clicked = new Promise(function (resolve) { release = resolve; });

  var realFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var url = typeof input === "string" ? input : (input && input.url) || "";
    if (/app\.wasm(\?|$)/.test(url)) {
      return clicked.then(function () { return realFetch(input, init); });
    }
    return realFetch(input, init);
  };
  if (navigator.serviceWorker && navigator.serviceWorker.register) {
    var register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = function (a, b) {
      return clicked.then(function () { return register(a, b); });
    };
  }

  var zh = /^zh/i.test(localStorage.getItem("dlxlab.lang") || navigator.language || "");
  var text = zh
    ? { load: "▶ 加载交互式实验场", hint: "点击后加载（约 2 MB），在浏览器中运行。", title: "DLX Lab 场景", queues: "队列：" }
    : { load: "▶ Load the interactive playground", hint: "Loads on click (about 2 MB) and runs in your browser.", title: "DLX Lab scenario", queues: "Queues:" };

  function el(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (content) { e.textContent = content; }
    return e;
  }

  // The app's own limits on a share link: 64 KiB encoded, 1 MiB inflated.
  var MAX_LINK = 64 << 10, MAX_INFLATED = 1 << 20;

  // readCapped reads a byte stream to text, giving up (and cancelling the
  // inflation) past max bytes: a small link may inflate to gigabytes.
  function readCapped(stream, max) {
    var reader = stream.getReader(), chunks = [], total = 0;
    function next() {
      return reader.read().then(function (r) {
        if (r.done) {
          var all = new Uint8Array(total), at = 0;
          chunks.forEach(function (c) { all.set(c, at); at += c.length; });
          return new TextDecoder().decode(all);
        }
        total += r.value.length;
        if (total > max) {
          reader.cancel();
          throw new Error("share link inflates past " + max + " bytes");
        }
        chunks.push(r.value);
        return next();
      });
    }
    return next();
  }

  // scenarioFromFragment decodes "#s=1.<base64url(deflate-raw(JSON))>".
  function scenarioFromFragment() {
    var m = /(?:^|[#&])s=1\.([A-Za-z0-9_-]+)/.exec(location.hash);
    if (!m || m[1].length > MAX_LINK || typeof DecompressionStream === "undefined") {
      return Promise.resolve(null);
    }
    try {
      var b64 = m[1].replace(/-/g, "+").replace(/_/g, "/");
      while (b64.length % 4) { b64 += "="; }
      var bin = atob(b64);
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      return readCapped(stream, MAX_INFLATED).then(JSON.parse).catch(function () { return null; });
    } catch (e) {
      return Promise.resolve(null);
    }
  }

  function showPoster() {
    var poster = el("div", "dl-poster");
    poster.id = "embed-poster";
    var h = el("h2", "", text.title);
    var p = el("p", "", "");
    var ul = el("ul", "", "");
    var button = el("button", "dl-button dl-button--primary", text.load);
    button.id = "embed-load";
    button.type = "button";
    var hint = el("p", "", text.hint);
    poster.appendChild(h);
    poster.appendChild(p);
    var share = document.querySelector('meta[name="dlxlab-share"]');
    if (share) {
      var img = el("img", "", "");
      img.src = path.replace(/\/embed\/s\/.*$/, "") + "/poster/" + share.getAttribute("content") + ".svg";
      img.alt = "";
      poster.appendChild(img);
    }
    poster.appendChild(ul);
    poster.appendChild(button);
    poster.appendChild(hint);
    document.body.appendChild(poster);
    button.addEventListener("click", function () {
      poster.remove();
      release();
    });
    scenarioFromFragment().then(function (sc) {
      if (!sc) { return; }
      if (sc.title) { h.textContent = sc.title; }
      if (sc.summary) { p.textContent = sc.summary; }
      // a RocketMQ scenario has topics where a RabbitMQ one has queues
      (sc.queues || sc.topics || []).slice(0, 12).forEach(function (q) {
        if (q && q.name) { ul.appendChild(el("li", "", q.name)); }
      });
    });
  }

  // Tell a parent page how tall the embed wants to be.
  function reportHeight() {
    if (window.parent === window) { return; }
    var height = document.documentElement.scrollHeight;
    window.parent.postMessage({ type: "dlxlab:height", height: height }, "*");
  }

  document.addEventListener("DOMContentLoaded", function () {
    showPoster();
    reportHeight();
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(reportHeight).observe(document.documentElement);
    }
  });
})();
