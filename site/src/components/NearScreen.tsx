import BrowserOnly from "@docusaurus/BrowserOnly";
import ErrorBoundary from "@docusaurus/ErrorBoundary";
import { translate } from "@docusaurus/Translate";
import {
  type ComponentType,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";

/** What a live example shows until it is loaded: `ref` marks the element watched for the screen's approach. */
export type Placeholder = (ref?: Ref<HTMLDivElement>) => ReactNode;

/** The chunk of a live example: `import("./LiveGridApp")`. */
export type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

type Props<P> = { placeholder: Placeholder; load: Loader<P>; props: P };

/** Where the example would be when its chunk did not load: the error and a Retry that loads it again. */
function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }): ReactNode {
  return (
    <div className="alert alert--danger margin-vert--md" role="alert" data-live-example-failed>
      <p>
        {translate({
          id: "liveExample.failed",
          message: "The live example could not be loaded:",
          description: "Start of the error box shown in place of a live example whose code did not load",
        })}{" "}
        <code>{error.message}</code>
      </p>
      <button type="button" className="button button--primary button--sm" onClick={onRetry}>
        {translate({
          id: "liveExample.retry",
          message: "Retry",
          description: "Button of that error box: loads the live example again",
        })}
      </button>
    </div>
  );
}

function WhenNear<P extends object>({ placeholder, load, props }: Props<P>): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  // React.lazy keeps a failed load for good: Retry needs a new one.
  const [Example, setExample] = useState(() => lazy(load));
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return placeholder(ref);
  // A chunk that does not load (network down, a newer version deployed meanwhile) fails this example only,
  // not the page around it.
  return (
    <ErrorBoundary
      fallback={({ error, tryAgain }) => (
        <LoadFailed
          error={error}
          onRetry={() => {
            setExample(() => lazy(load));
            tryAgain();
          }}
        />
      )}
    >
      <Suspense fallback={placeholder()}>
        <Example {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A live example of a documentation page: rendered in the browser only, and only once it comes within 600 px
 * of the screen, so that its chunk (`load`: the engine and a demo cube) is loaded by the pages that show one,
 * when they show it. If the chunk fails to load, an error box with Retry takes the example's place.
 */
export default function NearScreen<P extends object>({ placeholder, load, props }: Props<P>): ReactNode {
  return (
    <BrowserOnly fallback={placeholder()}>
      {() => <WhenNear placeholder={placeholder} load={load} props={props} />}
    </BrowserOnly>
  );
}
