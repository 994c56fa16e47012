// @ts-check
/**
 * The stand-in for PayPal's v6 web SDK (`/web-sdk/v6/core`), served by the PayPal emulator as
 * `/sdk/v6/core.js` (docs/product.md#d21-paypal). It defines `window.paypal` with the parts of the
 * v6 API the product uses: `createInstance` → `findEligibleMethods` and
 * `createPayPalOneTimePaymentSession` → `start(presentationModeOptions, orderPromise)`. Instead of
 * PayPal's window it opens an accessible dialog in the page, where the tester chooses what PayPal
 * does (approve, a payment left pending and then completed or denied, a declined funding source,
 * or cancel); approving approves the order at the emulator (`POST …/v2/checkout/orders/{id}/approve`)
 * and calls `onApprove` and `onComplete` as PayPal's SDK does. `@paypal/paypal-js`'s
 * `loadCoreSdkScript` returns an existing `window.paypal` whose version starts with "6", so a page
 * that loaded this script first gets it. Its styles are window.css beside it; the window opens
 * once they apply.
 */
(() => {
  const VERSION = '6.0.0-hwds-sandbox';
  const PREFIX = 'hwds-paypal-sandbox';
  // `@paypal/paypal-js` types window.paypal as PayPal's own; the stand-in sets it itself.
  const host = /** @type {{ paypal?: { version?: unknown, createInstance?: unknown } }} */ (
    /** @type {unknown} */ (window)
  );
  if (host.paypal && host.paypal.version === VERSION) return;

  // The emulator's base URL: this script's own URL without /sdk/v6/core.js.
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const BASE = script?.src ? script.src.replace(/\/sdk\/v6\/core\.js(?:[?#].*)?$/, '') : '';

  /** The outcomes a tester can choose, as the approval page offers them ('ausstehend': held for review). */
  /** @type {[string, string][]} */
  const OUTCOMES = [
    ['completed', 'Zahlung genehmigen'],
    ['pending-then-completed', 'Genehmigen: Zahlung ausstehend, dann abgeschlossen'],
    ['pending-then-denied', 'Genehmigen: Zahlung ausstehend, dann abgelehnt'],
    ['instrument-declined', 'Genehmigen: Zahlungsquelle wird abgelehnt'],
  ];

  /**
   * @typedef {Error & { code: string, isRecoverable: boolean }} PayPalError
   * @typedef {{ busy(message: string): void, close(): void }} DialogControls
   * @typedef {{ approve(outcome: string): void, cancel(): void }} BuyerActions
   * @typedef {{
   *   onApprove?: (data: { orderId: string, payerId?: string, fundingSource: string }) => unknown,
   *   onCancel?: (data: { orderId: string }) => unknown,
   *   onError?: (error: PayPalError) => unknown,
   *   onComplete?: (data: { paymentSessionState: string }) => unknown,
   *   orderId?: string,
   * }} SessionOptions
   */

  /**
   * @param {string} code
   * @param {string} message
   * @param {boolean} isRecoverable
   * @param {unknown} [cause]
   * @returns {PayPalError}
   */
  function payPalError(code, message, isRecoverable, cause) {
    const error = /** @type {PayPalError} */ (new Error(message, cause === undefined ? undefined : { cause }));
    error.name = 'PayPalError';
    error.code = code;
    error.isRecoverable = isRecoverable;
    return error;
  }

  /** @returns {PayPalError} */
  function asPayPalError(/** @type {unknown} */ error, /** @type {string} */ code) {
    const candidate = /** @type {Partial<PayPalError> | null} */ (error);
    if (candidate && typeof candidate.code === 'string' && typeof candidate.isRecoverable === 'boolean') {
      return /** @type {PayPalError} */ (error);
    }
    // The page's errors may come from another realm (a frame): read the message, not the class.
    const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
    return payPalError(code, message, true, error);
  }

  /** @type {Promise<void> | undefined} */
  let stylesApplied;

  /**
   * The window's style sheet, added to the page once. Resolves when it applies, so that the window
   * never shows unstyled first; or when it failed to load, so that the window still opens.
   */
  function addStyles() {
    stylesApplied ??= new Promise((resolve) => {
      const link = document.createElement('link');
      link.id = `${PREFIX}-styles`;
      link.rel = 'stylesheet';
      link.href = `${BASE}/sdk/v6/window.css`;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
      document.head.appendChild(link);
    });
    return stylesApplied;
  }

  /**
   * @param {string} tag
   * @param {string} part
   * @param {string} [text]
   */
  function element(tag, part, text) {
    const node = document.createElement(tag);
    node.className = `${PREFIX}-${part}`;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(/** @type {string} */ part, /** @type {string} */ label) {
    const node = /** @type {HTMLButtonElement} */ (element('button', part, label));
    node.type = 'button';
    return node;
  }

  /** The buyer's dialog for one order. */
  function openDialog(/** @type {string} */ orderId, /** @type {BuyerActions} */ actions) {
    const previousFocus = /** @type {HTMLElement | null} */ (document.activeElement);
    let busy = false;
    const dialog = /** @type {HTMLDialogElement} */ (element('dialog', 'dialog'));
    dialog.setAttribute('aria-labelledby', `${PREFIX}-title`);
    dialog.setAttribute('aria-describedby', `${PREFIX}-note`);
    const title = element('h2', 'title', 'PayPal – Testzahlung');
    title.id = `${PREFIX}-title`;
    const note = element('p', 'note', 'Testmodus: Es wird kein echtes Geld bewegt.');
    note.id = `${PREFIX}-note`;
    const order = element('p', 'order', `PayPal-Vorgangsnummer: ${orderId}`);
    const status = element('p', 'status', '');
    status.setAttribute('role', 'status');
    const buttons = OUTCOMES.map(([outcome, label]) => {
      const node = button(outcome === 'completed' ? 'approve' : `outcome-${outcome}`, label);
      node.addEventListener('click', () => {
        if (!busy) actions.approve(outcome);
      });
      return node;
    });
    const cancelButton = button('cancel', 'Abbrechen');
    const [approveButton, ...otherOutcomes] = buttons;
    const row = element('div', 'actions');
    if (approveButton) row.appendChild(approveButton);
    row.appendChild(cancelButton);
    const more = element('fieldset', 'more');
    more.appendChild(element('legend', 'legend', 'Andere Ergebnisse testen'));
    for (const node of otherOutcomes) more.appendChild(node);
    for (const part of [title, note, order, status, row, more]) dialog.appendChild(part);

    /** @type {DialogControls} */
    const controls = {
      busy(message) {
        busy = true;
        status.textContent = message;
        for (const node of [...buttons, cancelButton]) node.disabled = true;
      },
      close() {
        if (dialog.open && typeof dialog.close === 'function') dialog.close();
        dialog.remove();
        if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      },
    };
    cancelButton.addEventListener('click', () => {
      if (!busy) actions.cancel();
    });
    // Escape: the browser's "cancel" of a modal dialog; the session decides what closing means.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!busy) actions.cancel();
    });
    document.body.appendChild(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    approveButton?.focus();
    return controls;
  }

  function createPayPalOneTimePaymentSession(/** @type {SessionOptions | undefined} */ sessionOptions) {
    const options = sessionOptions || {};
    /** @type {(DialogControls & { orderId: string }) | null} */
    let active = null;
    let destroyed = false;

    function complete(/** @type {string} */ state) {
      options.onComplete?.({ paymentSessionState: state });
    }
    function fail(/** @type {PayPalError} */ error) {
      options.onError?.(error);
      complete('error');
    }
    function end() {
      const ui = active;
      active = null;
      ui?.close();
    }

    async function approve(/** @type {string} */ orderId, /** @type {string} */ outcome) {
      active?.busy('Zahlung wird genehmigt …');
      let payerId;
      try {
        const response = await fetch(`${BASE}/v2/checkout/orders/${encodeURIComponent(orderId)}/approve`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ outcome }),
        });
        if (!response.ok) {
          throw payPalError(
            'APPROVAL_FAILED',
            `Die Testzahlung konnte nicht genehmigt werden (HTTP ${response.status}).`,
            true,
          );
        }
        const approved = await response.json();
        payerId = approved?.payer?.payer_id;
      } catch (error) {
        end();
        fail(asPayPalError(error, 'APPROVAL_FAILED'));
        return;
      }
      end();
      try {
        await options.onApprove?.({ orderId, payerId, fundingSource: 'paypal' });
      } catch (error) {
        fail(asPayPalError(error, 'ON_APPROVE_FAILED'));
        return;
      }
      complete('approved');
    }

    function cancel(/** @type {string} */ orderId) {
      if (!active) return;
      end();
      options.onCancel?.({ orderId });
      complete('canceled');
    }

    return {
      /** @param {unknown} _presentationModeOptions @param {Promise<{ orderId?: unknown }> | { orderId?: unknown }=} orderPromise */
      async start(_presentationModeOptions, orderPromise) {
        if (destroyed) throw payPalError('SESSION_DESTROYED', 'Diese Zahlungssitzung wurde beendet.', false);
        if (active) return;
        let orderId;
        try {
          if (!BASE) {
            throw payPalError('SDK_BASE_UNKNOWN', 'Die Adresse der PayPal-Testumgebung ist unbekannt.', false);
          }
          const source = orderPromise ?? (options.orderId ? { orderId: options.orderId } : undefined);
          if (source === undefined) {
            throw payPalError('ORDER_ID_MISSING', 'start() braucht eine Bestellung (orderId).', true);
          }
          // The window's styles load while the shop creates the order.
          const styles = addStyles();
          const created = await source;
          orderId = created?.orderId;
          if (typeof orderId !== 'string' || orderId === '') {
            throw payPalError('INVALID_ORDER_ID', 'Die Bestellung hat keine gültige orderId.', true);
          }
          await styles;
        } catch (error) {
          fail(asPayPalError(error, 'CREATE_ORDER_FAILED'));
          return;
        }
        if (destroyed || active) return;
        const id = orderId;
        active = {
          ...openDialog(id, { approve: (outcome) => void approve(id, outcome), cancel: () => cancel(id) }),
          orderId: id,
        };
      },
      cancel() {
        if (active) cancel(active.orderId);
      },
      destroy() {
        destroyed = true;
        end();
      },
      hasReturned: () => false,
      resume: () => Promise.resolve(),
    };
  }

  /** @param {{ clientId?: string, clientToken?: string, components?: string[] } | undefined} options */
  function createInstance(options) {
    if (!options || typeof options !== 'object') {
      return Promise.reject(payPalError('INVALID_OPTIONS', 'createInstance() erwartet ein Optionsobjekt.', false));
    }
    if (!options.clientId && !options.clientToken) {
      return Promise.reject(
        payPalError('MISSING_CREDENTIALS', 'createInstance() braucht clientId oder clientToken.', false),
      );
    }
    const components = Array.isArray(options.components) ? options.components : [];
    const eligibility = {
      isEligible: (/** @type {string} */ method) => method === 'paypal',
      getDetails: () => ({ canBeVaulted: false }),
    };
    // As in PayPal's SDK, a component's methods exist only when it was asked for.
    return Promise.resolve({
      findEligibleMethods: () => Promise.resolve(eligibility),
      hydrateEligibleMethods: () => eligibility,
      updateLocale: () => {},
      ...(components.includes('paypal-payments') ? { createPayPalOneTimePaymentSession } : {}),
    });
  }

  host.paypal = { version: VERSION, createInstance };
})();
