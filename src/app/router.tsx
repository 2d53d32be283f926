import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
import { HomeRedirect } from './components/home-redirect';
import { PageLoading } from './components/page-loading';
import { RouteError } from './components/route-error';
import { navAreas } from './config/navigation';
import { paths } from './config/paths';

// Every page is its own chunk (docs/architecture.md, adding a page): the entry bundle holds only the shell.
const EnrollPage = lazy(() => import('./features/enroll/enroll-page'));
const LocationsPage = lazy(() => import('./features/locations/locations-page'));
const SegmentsPage = lazy(() => import('./features/segments/segments-page'));
const TokensPage = lazy(() => import('./features/tokens/tokens-page'));
const EarningRulesPage = lazy(() => import('./features/earning-rules/earning-rules-page'));
const EarningRulePage = lazy(() => import('./features/earning-rules/earning-rule-page'));
const RuleBuilderPage = lazy(() => import('./features/earning-rules/rule-builder-page'));
const TiersPage = lazy(() => import('./features/tiers/tiers-page'));
const ProgramsPage = lazy(() => import('./features/programs/programs-page'));
const ProgramPage = lazy(() => import('./features/programs/program-page'));
const RewardsPage = lazy(() => import('./features/rewards/rewards-page'));
const EventsPage = lazy(() => import('./features/events/events-page'));
const MemberPage = lazy(() => import('./features/member/member-page'));
const ApiLogPage = lazy(() => import('./features/api-log/api-log-page'));
const ExportsPage = lazy(() => import('./features/exports/exports-page'));
const WebhooksPage = lazy(() => import('./features/webhooks/webhooks-page'));
const NotBuiltYet = lazy(() => import('./components/not-built-yet'));
const NotFoundPage = lazy(() => import('./components/not-found-page'));
const SignInPage = lazy(() => import('./features/sign-in/sign-in-page'));

/** The areas not built yet route to a page that says so, with what they will do. */
const notBuiltYetRoutes: RouteObject[] = navAreas
  .filter((area) => !area.built)
  .map((area) => ({ path: area.path, element: <NotBuiltYet key={area.path} area={area} /> }));

export const routes: RouteObject[] = [
  {
    path: paths.signIn,
    element: (
      <Suspense fallback={<PageLoading />}>
        <SignInPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    path: paths.home,
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the layout, so the navigation stays usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRedirect /> },
          // Keys: the two views are separate pages, not one page whose state carries over.
          { path: paths.enroll, element: <EnrollPage key="enroll" view="enroll" /> },
          { path: paths.members, element: <EnrollPage key="members" view="members" /> },
          { path: `${paths.members}/:code`, element: <MemberPage /> },
          { path: paths.locations, element: <LocationsPage /> },
          { path: paths.segments, element: <SegmentsPage /> },
          { path: paths.tokens, element: <TokensPage /> },
          { path: paths.earningRules, element: <EarningRulesPage /> },
          { path: `${paths.earningRules}/new`, element: <RuleBuilderPage key="new" /> },
          { path: `${paths.earningRules}/:ruleId`, element: <EarningRulePage /> },
          { path: `${paths.earningRules}/:ruleId/edit`, element: <RuleBuilderPage key="edit" /> },
          { path: paths.tiers, element: <TiersPage /> },
          { path: paths.programs, element: <ProgramsPage /> },
          { path: `${paths.programs}/:programId`, element: <ProgramPage /> },
          { path: paths.rewards, element: <RewardsPage /> },
          { path: paths.events, element: <EventsPage /> },
          { path: paths.exports, element: <ExportsPage /> },
          { path: paths.webhooks, element: <WebhooksPage /> },
          { path: paths.apiLog, element: <ApiLogPage /> },
          ...notBuiltYetRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
