import { Screen } from './screen';

/**
 * PLACEHOLDER for a screen another engineer is building (issue 7's DA / report user / farmer
 * screens, issue 8's activity screens). Replace the feature's screen file, keep its export
 * name and the route in src/app/routes.tsx. grep: `PlaceholderScreen`.
 */
export function PlaceholderScreen({ title, route }: { title: string; route: string }) {
  return (
    <Screen title={title} needsProof={false}>
      <div className="placeholder-screen" data-testid="placeholder-screen" data-route={route} />
    </Screen>
  );
}
