import { lazy, Suspense, useRef, useState } from 'react';
import { RulerIcon } from '~/components/ui/icons';
import { useDismiss } from '~/lib/use-dismiss';
import { useRouteDisclosure } from '../hooks/use-route-disclosure';

const PANEL_ID = 'unit-converter';

// Loaded on first use, so the conversion code stays out of every page's initial JavaScript.
const loadPanel = () => import('./unit-converter-panel');
const UnitConverterPanel = lazy(() => loadPanel().then((module) => ({ default: module.UnitConverterPanel })));

/** The header's unit-converter toggle and its drop-down panel. */
export function UnitConverter() {
  const converter = useRouteDisclosure();
  const { setOpen } = converter;
  // Once opened, the panel stays mounted (hidden when closed), so typed values survive closing it.
  const [used, setUsed] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useDismiss([wrapperRef], converter.open, (reason) => {
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  });

  return (
    <div ref={wrapperRef} className="unit-converter">
      <button
        ref={toggleRef}
        type="button"
        className="icon-button unit-converter__toggle"
        aria-expanded={converter.open}
        aria-controls={PANEL_ID}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          converter.toggle();
        }}
      >
        <RulerIcon />
        <span className="unit-converter__toggle-label">Unit converter</span>
      </button>
      <div id={PANEL_ID} className="dropdown unit-converter__panel" hidden={!converter.open}>
        {used ? (
          <Suspense fallback={<p role="status">Loading the unit converter…</p>}>
            <UnitConverterPanel open={converter.open} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
