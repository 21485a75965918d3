import { useSyncExternalStore } from "react";

// On a phone the mobile navigation holds a second copy of the docs sidebar, and each of its links prefetches the
// page it leads to as soon as it is laid out (the closed menu too). It is built when the reader first reaches
// for the menu button (pointer over or down, keyboard focus) instead of with every page.
let wanted = false;
const listeners = new Set<() => void>();

export function wantMobileSidebar(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMobileSidebarWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
