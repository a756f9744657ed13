/**
 * The one script of the customers' area (issue 50 item 2), served as `/area-clienti/area-{hash}.js`
 * (the pages' CSP allows scripts of the area only): it takes over the upload forms when the browser
 * can — each file sent in chunks with a progress bar; a chunk that fails (a bad connection) is sent
 * again from the last one the server acknowledged, after a pause, until it goes; the server's
 * message shown when it refuses a file — and reloads the page at the end. Without it the forms post
 * their files whole. Plain ES2017, no library: it must load fast on an old phone.
 */
import { createHash } from 'node:crypto';
import { PORTAL_PATH } from '../../../model/portal.js';

export const AREA_SCRIPT = `(function () {
  'use strict';
  if (!window.fetch || !window.Blob || !Blob.prototype.slice || !window.Promise) return;
  var base = ${JSON.stringify(PORTAL_PATH)};
  var wait = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
  function message(res) {
    return res.json().then(function (j) { return (j && j.message) || 'Invio non riuscito'; }, function () { return 'Invio non riuscito'; });
  }
  async function sendFile(form, file, csrf, item, progress) {
    var start = await fetch(base + '/caricamenti', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ item: item, name: file.name, size: file.size })
    });
    if (!start.ok) throw new Error(await message(start));
    var up = await start.json();
    var offset = up.received || 0, pause = 1000;
    while (offset < file.size) {
      var res;
      try {
        res = await fetch(base + '/caricamenti/' + up.id, {
          method: 'PUT', credentials: 'same-origin',
          headers: { 'Content-Type': 'application/octet-stream', 'X-Upload-Offset': String(offset), 'X-CSRF-Token': csrf },
          body: file.slice(offset, offset + up.chunk)
        });
      } catch (e) {
        // the connection dropped: wait, ask the server where it got to, go on from there
        progress(offset, 'Connessione interrotta: riprendo l\\u2019invio\\u2026');
        await wait(pause); pause = Math.min(pause * 2, 30000);
        var gone = null;
        try {
          var st = await fetch(base + '/caricamenti/' + up.id, { credentials: 'same-origin', headers: { 'X-CSRF-Token': csrf } });
          if (st.ok) offset = (await st.json()).received;
          else if (st.status === 404) gone = await message(st);
        } catch (e2) { /* still offline: try again after the next pause */ }
        if (gone) throw new Error(gone);
        continue;
      }
      if (res.status === 409) { offset = (await res.json()).received; continue; }
      if (!res.ok) throw new Error(await message(res));
      pause = 1000;
      offset = (await res.json()).received;
      progress(offset, null);
    }
  }
  function take(form) {
    var inputs = form.querySelectorAll('input[type=file]');
    var files = [];
    for (var i = 0; i < inputs.length; i++) for (var j = 0; j < inputs[i].files.length; j++) files.push(inputs[i].files[j]);
    return files.length ? files : null;
  }
  var forms = document.querySelectorAll('form[data-upload]');
  for (var i = 0; i < forms.length; i++) (function (form) {
    form.addEventListener('submit', function (ev) {
      var files = take(form);
      if (!files) return;
      ev.preventDefault();
      var bar = form.querySelector('progress'), box = form.querySelector('.progress');
      var status = form.querySelector('.upload-status'), button = form.querySelector('button[type=submit]');
      var total = 0, done = 0;
      files.forEach(function (f) { total += f.size; });
      button.disabled = true; box.hidden = false;
      (async function () {
        try {
          for (var k = 0; k < files.length; k++) {
            var f = files[k];
            status.textContent = 'Invio di ' + f.name + ' (' + (k + 1) + ' di ' + files.length + ')\\u2026';
            await sendFile(form, f, form.getAttribute('data-csrf'), form.getAttribute('data-upload'), function (at, note) {
              bar.value = Math.round(((done + at) / total) * 100);
              if (note) status.textContent = note;
              else status.textContent = 'Invio di ' + f.name + ' (' + (k + 1) + ' di ' + files.length + '): ' + bar.value + '%';
            });
            done += f.size;
          }
          status.textContent = 'Inviato. Aggiorno la pagina\\u2026';
          window.location.assign(window.location.pathname + '?inviati=' + files.length);
        } catch (e) {
          status.textContent = e.message;
          status.className = 'upload-status error';
          button.disabled = false;
        }
      })();
    });
  })(forms[i]);
})();
`;

export const AREA_SCRIPT_PATH = `${PORTAL_PATH}/area-${createHash('sha256').update(AREA_SCRIPT).digest('hex').slice(0, 12)}.js`;
