import { useCallback, useContext } from "react";
import {
  type Navigator,
  type SetURLSearchParams,
  UNSAFE_NavigationContext,
  useLocation,
  useSearchParams,
} from "react-router-dom";

/** The history behind both BrowserRouter and MemoryRouter knows where it is now. */
type HistoryNavigator = Navigator & { location?: { pathname: string } };

/**
 * useSearchParams for a screen that writes its own address, from effects too (search's
 * defaults once her profile is known, its debounced text box, a position that never came).
 *
 * React Router writes `?…` relative to the screen's path and, with `replace`, over the history's
 * current entry. Navigations run as transitions, so a screen stays mounted while the next one's
 * code loads: an effect of the screen she is leaving then replaced the next screen's entry with
 * its own, and took her back (a tap on 'Crear' right after opening 'Buscar' left her on
 * 'Buscar'). This setter writes only while the history is still on the screen's path; once she
 * has gone elsewhere it does nothing.
 */
export function useOwnSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const setWhileHere = useCallback<SetURLSearchParams>(
    (next, options) => {
      const now = (navigator as HistoryNavigator).location?.pathname ?? pathname;
      if (now !== pathname) return;
      setSearchParams(next, options);
    },
    [navigator, pathname, setSearchParams],
  );
  return [searchParams, setWhileHere];
}
