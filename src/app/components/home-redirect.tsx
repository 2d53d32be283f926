import { Navigate } from 'react-router';
import { roleMay } from '../../contract/staff-session';
import { navAreas } from '../config/navigation';
import { paths } from '../config/paths';
import { useSession } from '../lib/session/use-session';

/** `/` opens the first area the signed-in role may use (Enroll member for marketing, Members for support). */
export function HomeRedirect() {
  const { data } = useSession();
  const role = data?.authenticated ? data.user.role : undefined;
  const first = navAreas.find((area) => !area.action || (role !== undefined && roleMay(role, area.action)));
  return <Navigate to={first?.path ?? paths.enroll} replace />;
}
