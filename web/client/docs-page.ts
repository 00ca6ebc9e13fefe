// `/docs`: starts Scalar's API reference (its standalone build, copied to /assets/vendor at build time) on
// /openapi.json. Its defaults would fetch fonts from Scalar's CDN and offer its hosted proxy, agent and
// client; all of that is off, so the page talks to this origin only.
import { wireSiteHeader } from './site-header.ts';

interface ScalarGlobal {
  createApiReference(target: HTMLElement, config: Record<string, unknown>): unknown;
}

const VIEWER = '/assets/vendor/api-reference.js';

/**
 * The viewer bundles zod, which probes `new Function` unless told not to; the page's CSP refuses eval and
 * reports each probe. zod keeps its settings on globalThis, so they are set before the viewer is loaded.
 */
function loadViewer(): Promise<ScalarGlobal> {
  const g = globalThis as unknown as { __zod_globalConfig?: Record<string, unknown>; Scalar?: ScalarGlobal };
  g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = VIEWER;
    script.addEventListener('load', () => (g.Scalar ? resolve(g.Scalar) : reject(new Error('viewer missing'))));
    script.addEventListener('error', () => reject(new Error(`${VIEWER} did not load`)));
    document.head.append(script);
  });
}

wireSiteHeader();
const target = document.getElementById('reference-root');
if (target) {
  loadViewer()
    .then((scalar) =>
      scalar.createApiReference(target, {
        url: target.dataset.openapiUrl,
        withDefaultFonts: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        layout: 'modern',
      }),
    )
    .catch(() => {
      target.textContent = 'The reference could not be loaded; the description itself is at /openapi.json.';
    });
}
