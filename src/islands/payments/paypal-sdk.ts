/**
 * PayPal's v6 web SDK, loaded only once the visitor chose PayPal (docs/product.md#d3-cookie-consent,
 * #d21-paypal). In the sandbox the product's stand-in is loaded first: `loadCoreSdkScript` then
 * finds a `window.paypal` of version 6 and uses it instead of PayPal's script.
 */
import { type LoadCoreSdkScriptOptions, loadCoreSdkScript, type PayPalV6Namespace } from '@paypal/paypal-js/sdk-v6';

export interface PayPalSetup {
  clientId: string;
  environment: LoadCoreSdkScriptOptions['environment'];
  /** The sandbox's stand-in SDK; unset with live keys. */
  sandboxSdkUrl?: string;
}

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.append(script);
  });
}

export async function loadPayPal(setup: PayPalSetup): Promise<PayPalV6Namespace> {
  if (setup.sandboxSdkUrl) await addScript(setup.sandboxSdkUrl);
  const paypal = await loadCoreSdkScript({ environment: setup.environment });
  if (!paypal) throw new Error('PayPal SDK did not load');
  return paypal;
}
