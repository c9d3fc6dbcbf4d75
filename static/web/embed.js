// DLX Lab embed: click to load (docs/links-and-http.md "Fragment links").
//
// On /embed pages this runs before go-app's app.js (it is a plain script
// in the head; app.js is deferred). It holds back the two downloads that
// would fetch app.wasm (go-app's fetch of the wasm and the service
// worker's precache) until the reader clicks, and shows a static poster
// meanwhile: the scenario's title, summary and queues, read from the
// share link in the fragment (or the /poster/{id}.svg image of a short
// link, with the title and summary the server put in its og: tags), and
// how much the download weighs. With load=1 in the fragment it loads at
// once instead. It also tells the parent page how tall the embed wants to
// be (docs/links-and-http.md "Embed options"). On every other page it
// does nothing.
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

  var langOpt = /(?:^|[#&])lang=(en|zh)(?:&|$)/.exec(location.hash);
  var zh = langOpt ? langOpt[1] === "zh" : /^zh/i.test(safeGet("dlxlab.lang") || navigator.language || "");
  var text = zh
    ? { load: "▶ 加载交互式实验场", hint: "点击后加载，在浏览器中运行。", size: "点击后加载（约 {mb} MB），在浏览器中运行。",
        title: "DLX Lab 场景", queues: "队列：" }
    : { load: "▶ Load the interactive playground", hint: "Loads on click and runs in your browser.",
        size: "Loads on click (about {mb} MB) and runs in your browser.", title: "DLX Lab scenario", queues: "Queues:" };

  function safeGet(k) {
    try { return localStorage.getItem(k); } catch (e) { return null; }
  }

  // meta reads a tag the share server put in the page (og:title, og:description).
  function meta(property) {
    var m = document.querySelector('meta[property="' + property + '"]');
    return m ? m.getAttribute("content") || "" : "";
  }

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
      reportHeight();
    });
    if (share) { // a short link: the server named the scenario in the page
      if (meta("og:title")) { h.textContent = meta("og:title"); }
      if (meta("og:description")) { p.textContent = meta("og:description"); }
    }
    scenarioFromFragment().then(function (sc) {
      if (!sc) { return; }
      var title = (zh && sc.title_zh) || sc.title, summary = (zh && sc.summary_zh) || sc.summary;
      if (title) { h.textContent = title; }
      if (summary) { p.textContent = summary.replace(/`/g, ""); }
      // a RocketMQ scenario has topics where a RabbitMQ one has queues
      (sc.queues || sc.topics || []).slice(0, 12).forEach(function (q) {
        if (q && q.name) { ul.appendChild(el("li", "", q.name)); }
      });
    });
    downloadSize().then(function (bytes) {
      if (bytes > 0) { hint.textContent = text.size.replace("{mb}", (bytes / 1e6).toFixed(1)); }
    });
  }

  // downloadSize asks the server how many bytes app.wasm takes on the wire
  // (a HEAD: nothing is downloaded). 0 when it cannot say: a server that
  // compresses on the fly sends no length.
  function downloadSize() {
    var base = path.replace(/\/embed(\.html)?\/?$/, "").replace(/\/embed\/s\/.*$/, "");
    return realFetch(base + "/web/app.wasm", { method: "HEAD" }).then(function (r) {
      var n = parseInt(r.headers.get("Content-Length") || "0", 10);
      return r.ok && r.headers.get("Content-Encoding") ? n : 0;
    }).catch(function () { return 0; });
  }

  // wantedHeight is the height the embed would like: its bars, plus the
  // drawing at the canvas's width and the pinned panel's content, whichever
  // is taller, within 300 to 900 px. It depends on the frame's width, never
  // on its height, so a parent that follows it settles at once.
  function wantedHeight() {
    var shell = document.getElementById("shell");
    var main = shell && shell.querySelector(".dl-main");
    var svg = document.getElementById("canvas-svg");
    if (!main || !svg || document.getElementById("embed-poster")) {
      return 400;
    }
    var bars = shell.getBoundingClientRect().height - main.getBoundingClientRect().height;
    var vb = svg.viewBox && svg.viewBox.baseVal;
    var drawing = vb && vb.width > 0 ? svg.getBoundingClientRect().width * vb.height / vb.width : 300;
    var body = document.getElementById("embed-panel-body");
    var panel = body && body.firstElementChild ? body.firstElementChild.getBoundingClientRect().height + 24 : 0;
    // As tabs, the panes show one at a time: the taller decides, so a
    // switch of tab does not resize the frame.
    return Math.round(Math.min(900, Math.max(300, bars + Math.max(drawing, panel) + 20)));
  }

  var lastHeight = 0, pending = false;
  // reportHeight tells a parent page how tall the embed wants to be, when
  // that changes (docs/links-and-http.md "Embed options").
  function reportHeight() {
    if (window.parent === window || pending) { return; }
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      var height = wantedHeight();
      if (height !== lastHeight) {
        lastHeight = height;
        window.parent.postMessage({ type: "dlxlab:height", height: height }, "*");
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (/(?:^|[#&])load=1(?:&|$)/.test(location.hash)) {
      release();
    } else {
      showPoster();
    }
    reportHeight();
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(reportHeight).observe(document.documentElement);
    }
    if (typeof MutationObserver !== "undefined") {
      new MutationObserver(reportHeight).observe(document.body, { childList: true, subtree: true });
    }
  });
})();
