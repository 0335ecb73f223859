import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

// The only file that may import react-redux's untyped hooks (eslint.config.js bans them
// elsewhere), so every component sees the real state and dispatch types. Features may import this
// file, and only this file, from the app layer: it holds no app code, only types of the store.

/** `useDispatch` typed with the app's dispatch (thunks and RTK Query included). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with the app's whole state. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** `useStore` typed with the app's store. */
export const useAppStore = useStore.withTypes<AppStore>();
