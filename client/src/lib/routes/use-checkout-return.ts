import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/ui/toast-store';
import { checkoutReturnToast, readCheckoutReturn } from './checkout-return';
import type { CheckoutReturn, CheckoutReturnParam } from './checkout-return';

/** Reads the checkout's return parameters once, clears them (replace), toasts the outcome and calls `onReturn`. */
export function useCheckoutReturn(params: readonly CheckoutReturnParam[], onReturn: (outcome: CheckoutReturn) => void): void {
  const { pathname, search, hash, key } = useLocation();
  const navigate = useNavigate();
  const handledKey = useRef<string | null>(null);
  const onReturnRef = useRef(onReturn);
  useEffect(() => {
    onReturnRef.current = onReturn;
  });

  useEffect(() => {
    if (handledKey.current === key) return;
    const reading = readCheckoutReturn(search, params);
    if (!reading.found) return;
    handledKey.current = key;
    void navigate({ pathname, search: reading.search, hash }, { replace: true });
    if (reading.outcome === null) return;
    const toast = checkoutReturnToast(reading.outcome);
    if (toast) showToast(toast);
    onReturnRef.current(reading.outcome);
  }, [pathname, search, hash, key, params, navigate]);
}
