// The parts of the Scalar browser bundle (@scalar/api-reference, loaded from /scalar/) that the page uses.
export type ScalarServer = {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; description?: string }>;
};

export type ScalarConfiguration = {
  url: string;
  localization: { locale: string };
  forceDarkModeState: "dark" | "light";
  hideDarkModeToggle: boolean;
  withDefaultFonts: boolean;
  showDeveloperTools: "never";
  telemetry: boolean;
  agent: { disabled: boolean };
  mcp: { disabled: boolean };
  servers: ScalarServer[];
  persistAuth: boolean;
  documentDownloadType: "yaml" | "json" | "both" | "none";
};

export type ScalarInstance = { destroy: () => void };

export type ScalarGlobal = {
  createApiReference: (element: HTMLElement, configuration: ScalarConfiguration) => ScalarInstance;
};

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

const loads = new Map<string, Promise<ScalarGlobal>>();

/** Loads the ES module bundle once per page life; a failed load can be retried. */
export function loadScalar(src: string): Promise<ScalarGlobal> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<ScalarGlobal>((resolve, reject) => {
    if (window.Scalar) {
      resolve(window.Scalar);
      return;
    }
    // The bundle's Zod probes for `eval` (`Function("")`) unless told not to compile its schemas: the site's
    // CSP allows no eval, so the probe would only raise a violation report. Zod reads this global.
    const zod = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
    zod.__zod_globalConfig = { ...zod.__zod_globalConfig, jitless: true };
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    // The error names the file only: the page says, in its own language, that it could not be loaded.
    script.onload = () => {
      if (window.Scalar) resolve(window.Scalar);
      else reject(new Error(`${src} (window.Scalar)`));
    };
    script.onerror = () => reject(new Error(src));
    document.head.appendChild(script);
  });
  loading.catch(() => loads.delete(src));
  loads.set(src, loading);
  return loading;
}

/**
 * Scalar 1.72 renders its inline code inputs as `role="combobox"` with neither a name nor `aria-expanded`
 * (axe: aria-input-field-name, aria-required-attr). Until that is fixed upstream, give them both.
 * Returns a function that stops watching.
 */
export function patchScalarAccessibility(root: HTMLElement, fallbackLabel: string): () => void {
  const fix = (): void => {
    for (const input of root.querySelectorAll<HTMLElement>('[role="combobox"]')) {
      if (!input.hasAttribute("aria-expanded")) input.setAttribute("aria-expanded", "false");
      if (!input.hasAttribute("aria-label") && !input.hasAttribute("aria-labelledby")) {
        input.setAttribute("aria-label", input.dataset.placeholder || fallbackLabel);
      }
    }
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
