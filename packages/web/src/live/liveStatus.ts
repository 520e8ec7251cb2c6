/**
 * Whether a live channel of this page is open, announced on the document as `data-live="open"` (or
 * "closed"), so that anyone watching the page (a browser test, a support engineer in devtools) can wait for
 * the channel instead of guessing how long it takes. Several channels may be mounted at once: the page says
 * "open" while at least one of them is.
 */
let openChannels = 0;

function announce(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.live = openChannels > 0 ? 'open' : 'closed';
}

/** One channel's socket opened. */
export function liveChannelOpened(): void {
  openChannels++;
  announce();
}

/** One channel's socket, open until now, closed. */
export function liveChannelClosed(): void {
  openChannels = Math.max(0, openChannels - 1);
  announce();
}
