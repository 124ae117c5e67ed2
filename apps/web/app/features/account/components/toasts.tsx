// The notifications moved to components/ui so that every feature can use them; this keeps old imports working.
export { showToast, TOAST_MS, Toasts, type Toast } from '~/components/ui/toasts';
