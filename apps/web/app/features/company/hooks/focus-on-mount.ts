/**
 * A ref that focuses its element once, when it appears: for a control that replaces the one just pressed (a
 * confirmation in place of Remove, a reason in place of Decline), so the keyboard stays where the user was.
 * One function for the module, so React calls it only on mount and unmount, never on a re-render.
 */
export const focusOnMount = (element: HTMLElement | null): void => {
  element?.focus();
};
