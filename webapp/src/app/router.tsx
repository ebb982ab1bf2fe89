import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundScreen } from './not-found-screen';
import { paths } from './paths';
import { ScreenFallback } from './screen-fallback';
import { screens as S } from './screens';

/** Every route of spec §2; an unknown path shows the not-found screen. */
export function AppRouter() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Switch>
        <Route path={paths.home}>
          <S.Home />
        </Route>
        {/* The server serves /index.html as an alias of / (a bookmark of the file itself). */}
        <Route path="/index.html">
          <S.Home />
        </Route>
        <Route path={paths.daRegistration}>
          <S.DaRegistration mode="register" />
        </Route>
        <Route path={paths.daUpdateProfile}>
          <S.DaRegistration mode="update" />
        </Route>
        <Route path={paths.feedback}>
          <S.Feedback />
        </Route>
        <Route path={paths.farmerRegistration}>
          <S.FarmerRegistration />
        </Route>
        <Route path={paths.recordReach}>
          <S.ReachAdoption kind="reach" />
        </Route>
        <Route path={paths.recordAdoption}>
          <S.ReachAdoption kind="adoption" />
        </Route>
        <Route path={paths.notificationCreate}>
          <S.NotificationForm mode="create" />
        </Route>
        <Route path={paths.notificationUpdate}>
          {(params: { id: string }) => <S.NotificationForm mode="update" id={params.id} />}
        </Route>
        <Route path={paths.notificationList}>
          <S.NotificationList />
        </Route>
        <Route path={paths.registerReportUser}>
          <S.ReportUser />
        </Route>
        <Route path={paths.addDevelopmentGroup}>
          <S.AddDevelopmentGroup />
        </Route>
        <Route>
          <NotFoundScreen />
        </Route>
      </Switch>
    </Suspense>
  );
}
