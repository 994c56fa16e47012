/**
 * The stand-in for PayPal's v6 web SDK (`/web-sdk/v6/core`), served by the PayPal emulator as
 * `/sdk/v6/core.js` (docs/product.md#d21-paypal). It defines `window.paypal` with the parts of the
 * v6 API the product uses: `createInstance` → `findEligibleMethods` and
 * `createPayPalOneTimePaymentSession` → `start(presentationModeOptions, orderPromise)`. Instead of
 * PayPal's popup it opens an accessible dialog in the page; approving there approves the order at
 * the emulator (`POST …/v2/checkout/orders/{id}/approve`) and calls `onApprove` and `onComplete`
 * as PayPal's SDK does. `@paypal/paypal-js`'s `loadCoreSdkScript` returns an existing
 * `window.paypal` whose version starts with "6", so a page that loaded this script first gets it.
 *
 * Plain browser JavaScript in a string: it runs in the page, never on the server. Styles are set
 * through `element.style`, which a Content-Security-Policy without 'unsafe-inline' still allows.
 */

export const PAYPAL_SDK_STAND_IN_VERSION = '6.0.0-hwds-sandbox';

const SOURCE = String.raw`(function () {
  'use strict';
  var VERSION = '__VERSION__';
  var PREFIX = 'hwds-paypal-sandbox';
  var existing = window.paypal;
  if (existing && typeof existing.version === 'string' && existing.version === VERSION) return;

  // The emulator's base URL: this script's own URL without /sdk/v6/core.js.
  var script = document.currentScript;
  var BASE = script && script.src ? script.src.replace(/\/sdk\/v6\/core\.js(?:[?#].*)?$/, '') : '';

  var COLORS = { text: '#1a1a1a', background: '#ffffff', primary: '#003087', focus: '#1a1a1a', error: '#a4161a' };

  function payPalError(code, message, isRecoverable, cause) {
    var error = new Error(message);
    error.name = 'PayPalError';
    error.code = code;
    error.isRecoverable = isRecoverable;
    if (cause !== undefined) error.cause = cause;
    return error;
  }

  function asPayPalError(error, code) {
    if (error && typeof error === 'object' && typeof error.code === 'string' && typeof error.isRecoverable === 'boolean') {
      return error;
    }
    var message = error && error.message ? error.message : String(error);
    return payPalError(code, message, true, error);
  }

  function styled(element, properties) {
    for (var name in properties) element.style[name] = properties[name];
    return element;
  }

  function element(tag, part, text) {
    var node = document.createElement(tag);
    node.className = PREFIX + '-' + part;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(part, label, primary) {
    var node = element('button', part, label);
    node.type = 'button';
    styled(node, {
      font: 'inherit',
      padding: '0.625rem 1rem',
      borderRadius: '0.25rem',
      border: '2px solid ' + (primary ? COLORS.primary : COLORS.text),
      background: primary ? COLORS.primary : COLORS.background,
      color: primary ? '#ffffff' : COLORS.text,
      cursor: 'pointer'
    });
    // A visible focus ring without a style sheet: set on focus, removed on blur.
    node.addEventListener('focus', function () {
      styled(node, { outline: '3px solid ' + COLORS.focus, outlineOffset: '3px' });
    });
    node.addEventListener('blur', function () {
      styled(node, { outline: '', outlineOffset: '' });
    });
    return node;
  }

  /** The buyer's dialog for one order; actions.approve(ui) and actions.cancel() are the buyer's choices. */
  function openDialog(orderId, actions) {
    var previousFocus = document.activeElement;
    var busy = false;
    var dialog = element('dialog', 'dialog');
    dialog.setAttribute('aria-labelledby', PREFIX + '-title');
    dialog.setAttribute('aria-describedby', PREFIX + '-note');
    styled(dialog, {
      maxWidth: '28rem',
      width: 'calc(100% - 2rem)',
      padding: '1.5rem',
      border: '2px solid ' + COLORS.text,
      borderRadius: '0.5rem',
      background: COLORS.background,
      color: COLORS.text,
      font: '1rem/1.5 system-ui, sans-serif'
    });
    var title = styled(element('h2', 'title', 'PayPal – Testzahlung'), { fontSize: '1.25rem', margin: '0 0 0.75rem' });
    title.id = PREFIX + '-title';
    var note = styled(element('p', 'note', 'Testmodus: Es wird kein echtes Geld bewegt.'), { fontWeight: '600', margin: '0 0 0.75rem' });
    note.id = PREFIX + '-note';
    var order = styled(element('p', 'order', 'PayPal-Vorgangsnummer: ' + orderId), { margin: '0 0 0.75rem' });
    var status = styled(element('p', 'status', ''), { margin: '0 0 0.75rem', minHeight: '1.5em' });
    status.setAttribute('role', 'status');
    var approveButton = button('approve', 'Zahlung genehmigen', true);
    var cancelButton = button('cancel', 'Abbrechen', false);
    var row = styled(element('div', 'actions'), { display: 'flex', flexWrap: 'wrap', gap: '0.75rem' });
    row.appendChild(approveButton);
    row.appendChild(cancelButton);
    dialog.appendChild(title);
    dialog.appendChild(note);
    dialog.appendChild(order);
    dialog.appendChild(status);
    dialog.appendChild(row);

    var ui = {
      busy: function (message) {
        busy = true;
        status.textContent = message;
        approveButton.disabled = true;
        cancelButton.disabled = true;
      },
      close: function () {
        if (dialog.open && typeof dialog.close === 'function') dialog.close();
        dialog.remove();
        if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      }
    };
    approveButton.addEventListener('click', function () {
      if (!busy) actions.approve(ui);
    });
    cancelButton.addEventListener('click', function () {
      if (!busy) actions.cancel(ui);
    });
    // Escape: the browser's "cancel" of a modal dialog; the session decides what closing means.
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      if (!busy) actions.cancel(ui);
    });
    document.body.appendChild(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    approveButton.focus();
    return ui;
  }

  function createPayPalOneTimePaymentSession(sessionOptions) {
    var options = sessionOptions || {};
    var active = null;
    var destroyed = false;

    function call(name, data) {
      return typeof options[name] === 'function' ? options[name](data) : undefined;
    }
    function complete(state) {
      call('onComplete', { paymentSessionState: state });
    }
    function fail(error) {
      call('onError', error);
      complete('error');
    }
    function end() {
      var ui = active;
      active = null;
      if (ui) ui.close();
    }

    async function approve(orderId) {
      active.busy('Zahlung wird genehmigt …');
      var payerId;
      try {
        var response = await fetch(BASE + '/v2/checkout/orders/' + encodeURIComponent(orderId) + '/approve', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}'
        });
        if (!response.ok) {
          throw payPalError('APPROVAL_FAILED', 'Die Testzahlung konnte nicht genehmigt werden (HTTP ' + response.status + ').', true);
        }
        var approved = await response.json();
        payerId = approved && approved.payer ? approved.payer.payer_id : undefined;
      } catch (error) {
        end();
        fail(asPayPalError(error, 'APPROVAL_FAILED'));
        return;
      }
      end();
      try {
        await call('onApprove', { orderId: orderId, payerId: payerId, fundingSource: 'paypal' });
      } catch (error) {
        fail(asPayPalError(error, 'ON_APPROVE_FAILED'));
        return;
      }
      complete('approved');
    }

    function cancel(orderId) {
      if (!active) return;
      end();
      call('onCancel', { orderId: orderId });
      complete('canceled');
    }

    return {
      start: async function (presentationModeOptions, orderPromise) {
        if (destroyed) throw payPalError('SESSION_DESTROYED', 'Diese Zahlungssitzung wurde beendet.', false);
        if (active) return;
        var orderId;
        try {
          if (!BASE) throw payPalError('SDK_BASE_UNKNOWN', 'Die Adresse der PayPal-Testumgebung ist unbekannt.', false);
          var source = orderPromise !== undefined ? orderPromise : options.orderId ? { orderId: options.orderId } : undefined;
          if (source === undefined) throw payPalError('ORDER_ID_MISSING', 'start() braucht eine Bestellung (orderId).', true);
          var created = await source;
          orderId = created && created.orderId;
          if (typeof orderId !== 'string' || orderId === '') {
            throw payPalError('INVALID_ORDER_ID', 'Die Bestellung hat keine gültige orderId.', true);
          }
        } catch (error) {
          fail(asPayPalError(error, 'CREATE_ORDER_FAILED'));
          return;
        }
        if (destroyed || active) return;
        active = openDialog(orderId, {
          approve: function () { approve(orderId); },
          cancel: function () { cancel(orderId); }
        });
        active.orderId = orderId;
      },
      cancel: function () {
        if (active) cancel(active.orderId);
      },
      destroy: function () {
        destroyed = true;
        end();
      },
      hasReturned: function () {
        return false;
      },
      resume: function () {
        return Promise.resolve();
      }
    };
  }

  function createInstance(options) {
    if (!options || typeof options !== 'object') {
      return Promise.reject(payPalError('INVALID_OPTIONS', 'createInstance() erwartet ein Optionsobjekt.', false));
    }
    if (!options.clientId && !options.clientToken) {
      return Promise.reject(payPalError('MISSING_CREDENTIALS', 'createInstance() braucht clientId oder clientToken.', false));
    }
    var components = Array.isArray(options.components) ? options.components : [];
    var eligibility = {
      isEligible: function (method) { return method === 'paypal'; },
      getDetails: function () { return { canBeVaulted: false }; }
    };
    var instance = {
      findEligibleMethods: function () { return Promise.resolve(eligibility); },
      hydrateEligibleMethods: function () { return eligibility; },
      updateLocale: function () {}
    };
    // As in PayPal's SDK, a component's methods exist only when it was asked for.
    if (components.indexOf('paypal-payments') !== -1) {
      instance.createPayPalOneTimePaymentSession = createPayPalOneTimePaymentSession;
    }
    return Promise.resolve(instance);
  }

  window.paypal = { version: VERSION, createInstance: createInstance };
})();
`;

/** The script's source, served as `text/javascript`. */
export const paypalSdkStandIn = (): string => SOURCE.replace('__VERSION__', PAYPAL_SDK_STAND_IN_VERSION);
