/*!
 * ISP coverage map: script embed. Documented on /widget.
 *
 *   <script src="https://<this site>/embed.js" data-height="600px" data-zoom="10" async></script>
 *
 * Adds an iframe showing <this site>/embed right after the script tag (or inside the element that
 * data-target selects) and keeps the frame's height fitted to the map: the embedded page posts
 * { type: 'isp-coverage-embed-height', height: <px> } to its parent on load and on resize.
 *
 * Options (all optional): data-search ("false" hides the search bar), data-height (CSS length,
 * default 600px), data-width (CSS length, default 100%), data-theme (light | dark), data-zoom
 * (1-18), data-location ("latitude,longitude"; without it and data-zoom the map opens where the
 * site's public map does), data-target (CSS selector), data-title (the frame's accessible name).
 *
 * Plain ES5 with no dependencies and no globals; every script tag gets its own frame.
 */
(function () {
  'use strict';

  var MESSAGE_TYPE = 'isp-coverage-embed-height';
  /** The /embed query parameters, read from the data-* attribute of the same name. */
  var PARAMETERS = ['search', 'height', 'theme', 'zoom', 'location'];
  /** Marks a script tag as handled, for browsers without document.currentScript. */
  var HANDLED = 'data-isp-coverage-embedded';
  var DEFAULT_HEIGHT = '600px';
  var DEFAULT_WIDTH = '100%';
  var DEFAULT_TITLE = 'Internet coverage map';
  /** Heights relative to the frame's surroundings: the host sizes the frame and the map fills it. */
  var RELATIVE_LENGTH = /^\d+(\.\d+)?(%|vh|dvh|svh|lvh)$/i;
  var BARE_NUMBER = /^\d+(\.\d+)?$/;
  /** Ignore absurd heights rather than make a page kilometres long. */
  var MAX_HEIGHT_PX = 20000;

  var script = findOwnScript();
  if (!script) return;
  script.setAttribute(HANDLED, 'true');

  var origin = originOf(script.src);
  var height = lengthOption('data-height', DEFAULT_HEIGHT);
  var fixedHeight = !RELATIVE_LENGTH.test(height);

  var iframe = document.createElement('iframe');
  iframe.src = origin + '/embed' + queryString(fixedHeight ? height : '100%');
  iframe.title = option('data-title') || DEFAULT_TITLE;
  iframe.setAttribute('loading', 'lazy');
  iframe.setAttribute('allow', 'geolocation');
  iframe.style.display = 'block';
  iframe.style.border = '0';
  setLength(iframe, 'width', lengthOption('data-width', DEFAULT_WIDTH), DEFAULT_WIDTH);
  setLength(iframe, 'height', height, DEFAULT_HEIGHT);

  place(iframe);

  // A relative height is the host page's to give; a fixed one follows the map's own height.
  if (fixedHeight && window.addEventListener) {
    window.addEventListener('message', onMessage, false);
  }

  function onMessage(event) {
    // Only this site may resize the frame, and only through the frame this tag created: another
    // embed on the page, or any other window, is ignored.
    if (event.origin !== origin || event.source !== iframe.contentWindow || event.source == null) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== MESSAGE_TYPE) return;
    var pixels = Number(data.height);
    if (!(pixels > 0) || pixels > MAX_HEIGHT_PX) return;
    iframe.style.height = Math.ceil(pixels) + 'px';
  }

  function findOwnScript() {
    if (document.currentScript) return document.currentScript;
    // Older browsers: the first tag loading this file that has not been handled yet.
    var scripts = document.getElementsByTagName('script');
    for (var i = 0; i < scripts.length; i++) {
      if (/\/embed\.js([?#]|$)/.test(scripts[i].src) && !scripts[i].hasAttribute(HANDLED)) return scripts[i];
    }
    return null;
  }

  /** "https://coverage.example.com" from the script's absolute address. */
  function originOf(url) {
    var link = document.createElement('a');
    link.href = url;
    if (link.origin && link.origin !== 'null') return link.origin;
    var defaultPort = (link.protocol === 'https:' && link.port === '443') || (link.protocol === 'http:' && link.port === '80');
    return link.protocol + '//' + link.hostname + (link.port && !defaultPort ? ':' + link.port : '');
  }

  function option(name) {
    var value = script.getAttribute(name);
    return value === null ? '' : String(value).replace(/^\s+|\s+$/g, '');
  }

  /** A data-* length; a bare number means pixels. */
  function lengthOption(name, fallback) {
    var value = option(name);
    if (!value) return fallback;
    return BARE_NUMBER.test(value) ? value + 'px' : value;
  }

  /** Sets a CSS length; one the browser does not accept leaves the default instead. */
  function setLength(element, property, value, fallback) {
    element.style[property] = value;
    if (!element.style[property]) element.style[property] = fallback;
  }

  function queryString(mapHeight) {
    var pairs = [];
    for (var i = 0; i < PARAMETERS.length; i++) {
      var name = PARAMETERS[i];
      var value = name === 'height' ? mapHeight : option('data-' + name);
      if (name === 'height' && value === DEFAULT_HEIGHT) continue;
      if (value) pairs.push(name + '=' + encodeURIComponent(value).replace(/%2C/gi, ','));
    }
    return pairs.length ? '?' + pairs.join('&') : '';
  }

  /** Into data-target if it names an element, else right after the script tag. */
  function place(element) {
    var selector = option('data-target');
    if (selector) {
      var target;
      try {
        target = document.querySelector(selector);
      } catch (error) {
        target = null; // Not a valid selector: fall back to the script's place.
      }
      if (target) {
        target.appendChild(element);
        return;
      }
      if (document.readyState === 'loading') {
        // The target may come later in the page than the script.
        document.addEventListener('DOMContentLoaded', function () {
          var later;
          try {
            later = document.querySelector(selector);
          } catch (error) {
            later = null;
          }
          if (later) later.appendChild(element);
          else insertAfterScript(element);
        });
        return;
      }
    }
    insertAfterScript(element);
  }

  function insertAfterScript(element) {
    var parent = script.parentNode;
    if (parent && parent !== document.head && parent !== document.documentElement) {
      parent.insertBefore(element, script.nextSibling);
    } else if (document.body) {
      document.body.appendChild(element);
    } else {
      // A tag in <head>: the frame goes at the end of the body once there is one.
      document.addEventListener('DOMContentLoaded', function () {
        document.body.appendChild(element);
      });
    }
  }
})();
