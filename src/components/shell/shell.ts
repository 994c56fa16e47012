/**
 * The one script of the app shell on every page: splash, cookie banner, burger menu and the
 * auth-aware header. No framework: the markup is static, this only toggles attributes.
 */

import { $accessToken, $authView, $isAuthorized, logOut } from '../../stores/accounts.ts';
import { $cartCount } from '../../stores/cart-count.ts';
import { $cookieConsent, acceptCookies, declineCookies } from '../../stores/consent.ts';
import { afterFirstPaint } from './after-first-paint.ts';
import { FONT_CACHED_KEY } from './initial-state.ts';

const SPLASH_DURATION_MS = 2000;

const root = document.documentElement;

// The API client loads only when needed, so anonymous visitors' pages carry none of it; a stored
// session is checked, and the cart counted, after the first paint (after-first-paint.ts).
const loadSessionCheck = () => import('../../stores/session-check.ts');

function syncHeaderWithSession(): void {
  $authView.subscribe((view) => {
    root.dataset.auth = view;
  });
  if ($isAuthorized.get()) afterFirstPaint(() => void loadSessionCheck().then((check) => check.verifyStoredSession()));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-action="logout"]')) {
    button.addEventListener('click', () => {
      // Forget the session here at once (all tabs follow), then end it on the server.
      const token = $accessToken.get();
      logOut();
      if (token) void loadSessionCheck().then((check) => check.endStoredSession(token));
    });
  }
}

/** The header's cart link shows how many entries the cart holds; the cart loads lazily, and only when logged in. */
function showCartCount(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-cart-link]');
  const badge = link?.querySelector<HTMLElement>('[data-cart-count]');
  if (!link || !badge) return;
  $cartCount.subscribe((count = 0) => {
    badge.hidden = count === 0;
    badge.textContent = String(count);
    const label = count === 1 ? link.dataset.labelOne : link.dataset.labelMany?.replace('{n}', String(count));
    // The name keeps the visible words in their order ("Warenkorb 2"), as speech input needs.
    if (count > 0 && label) link.setAttribute('aria-label', label);
    else link.removeAttribute('aria-label');
  });
  if ($isAuthorized.get()) afterFirstPaint(() => void import('../../stores/cart.ts').then((cart) => cart.loadCart()));
}

function setUpBurgerMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !menu) return;

  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.toggleAttribute('data-open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  // Choosing an item closes the menu (also for the logout button, which stays on the page).
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a, button')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
  matchMedia('(min-width: 876px)').addEventListener('change', () => setOpen(false));
}

function setUpCookieBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  banner.querySelector('[data-consent="accept"]')?.addEventListener('click', acceptCookies);
  banner.querySelector('[data-consent="decline"]')?.addEventListener('click', declineCookies);
  $cookieConsent.subscribe((answer) => {
    banner.hidden = answer !== undefined;
    if (answer !== undefined) delete root.dataset.consent;
  });
}

/**
 * The splash ends 2 s after navigation start, or at once on any key, click or scroll. It covers
 * nothing, so the cookie banner does not wait for it.
 */
function runSplash(): void {
  if (root.dataset.splash !== 'open') return;
  const endings = ['keydown', 'pointerdown', 'wheel', 'touchmove', 'scroll'] as const;
  const close = () => {
    delete root.dataset.splash;
    for (const type of endings) removeEventListener(type, close);
  };
  for (const type of endings) addEventListener(type, close, { passive: true });
  setTimeout(close, Math.max(0, SPLASH_DURATION_MS - performance.now()));
}

/**
 * A page without the web font (a first visit) loads it for the next pages once it is painted, so
 * the file never competes with the first screen (src/styles/fonts.css). No element of this page
 * asks for Figtree, so nothing the visitor reads changes or moves; the next page finds the font in
 * the browser's cache and uses it from its first paint. Offline or with storage blocked, the next
 * page tries again.
 */
function cacheFontForNextPages(): void {
  if (root.dataset.font !== undefined) return;
  afterFirstPaint(() => {
    document.fonts.load('1em Figtree').then(
      (faces) => faces.length > 0 && localStorage.setItem(FONT_CACHED_KEY, '1'),
      () => undefined,
    );
  });
}

function start(): void {
  syncHeaderWithSession();
  showCartCount();
  setUpBurgerMenu();
  setUpCookieBanner();
  runSplash();
  cacheFontForNextPages();
  // Lets tests (and other scripts) know the shell's listeners are in place.
  root.dataset.shell = 'ready';
}

// Islands import this chunk too (astro.config.mjs); one that loads while the page is still
// arriving (`client:load`) must not wire a header or banner not parsed yet.
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start, { once: true });
else start();
