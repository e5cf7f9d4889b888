// A screen's own writes to the address (its query, a redirect after an answer) made only while
// she is still on it.
//
// Navigations run as transitions (BrowserRouter), so a screen stays mounted while the next one's
// code loads, and its effects still run. React Router writes `?…` relative to the screen's path
// and, with `replace`, over the history's current entry: an effect of the screen she is leaving
// then replaced the next screen's entry with its own and took her back (a tap on 'Crear' right
// after opening 'Buscar' left her on 'Buscar', once search's first-visit defaults came in).
import { useCallback, useContext } from "react";
import {
  type NavigateFunction,
  type Navigator,
  type SetURLSearchParams,
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router-dom";

/** The history behind both BrowserRouter and MemoryRouter knows where it is now. */
type HistoryNavigator = Navigator & { location?: { pathname: string } };

/** Whether the history is still on the path this screen was rendered for. */
function useStillHere(): () => boolean {
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    () => ((navigator as HistoryNavigator).location?.pathname ?? pathname) === pathname,
    [navigator, pathname],
  );
}

/**
 * useSearchParams for a screen that writes its own query, from effects too (search's defaults
 * once her profile is known, its debounced text box, a position that never came). Once she has
 * gone elsewhere the setter does nothing.
 */
export function useOwnSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const stillHere = useStillHere();
  const setWhileHere = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (stillHere()) setSearchParams(next, options);
    },
    [stillHere, setSearchParams],
  );
  return [searchParams, setWhileHere];
}

/**
 * useNavigate for a screen's redirects after an answer (a chat whose ride is gone goes to the
 * feed): once she has gone elsewhere, where she went stands.
 */
export function useRedirectWhileHere(): (to: string) => void {
  const navigate: NavigateFunction = useNavigate();
  const stillHere = useStillHere();
  return useCallback(
    (to: string) => {
      if (stillHere()) navigate(to, { replace: true });
    },
    [stillHere, navigate],
  );
}
