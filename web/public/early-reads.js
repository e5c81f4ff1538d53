// What the app's first screen needs, asked for while the app's code is still loading: a plain
// script (no imports, no framework) that runs as soon as it arrives, beside the app's chunks.
// - /config.json on every page (the app cannot start without it);
// - on /map, the home council's closures file (/feeds/{lga}/map.json; the council the map last
//   opened on this device, else Forbes).
// The pending answers wait in window.__roadClosuresEarly; the app takes each once instead of
// asking again (web/src/config/app-config.ts, web/src/features/map/api/early-map-file.ts).
(function () {
  var early = {};
  var quiet = function (response) {
    // Offline, or never taken: no unhandled rejection; the app asks again (or reads its copy).
    response.catch(function () {});
    return response;
  };
  try {
    early.config = { at: Date.now(), response: quiet(fetch('/config.json', { cache: 'no-store' })) };
    if (location.pathname.replace(/\/+$/, '') === '/map') {
      var lga = null;
      try {
        lga = localStorage.getItem('road-closures:map-lga');
      } catch (e) {
        // Storage blocked: the default council.
      }
      if (!lga || !/^\d{5}$/.test(lga)) lga = '12900';
      var file = fetch('/feeds/' + lga + '/map.json', { headers: { accept: 'application/json' }, priority: 'high' });
      early.mapFile = { lgaCode: lga, at: Date.now(), response: quiet(file) };
    }
  } catch (e) {
    // Never stop the app from starting.
  }
  window.__roadClosuresEarly = early;
})();
