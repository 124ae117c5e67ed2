import { useEffect, useEffectEvent, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape';

/**
 * While `open`, calls `onDismiss` on a pointer press outside every element in `inside`, or on Escape.
 */
export function useDismiss(
  inside: readonly RefObject<HTMLElement | null>[],
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
) {
  const dismiss = useEffectEvent(onDismiss);
  const isInside = useEffectEvent((target: Node) => inside.some((ref) => ref.current?.contains(target)));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !isInside(event.target)) dismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        dismiss('escape');
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
