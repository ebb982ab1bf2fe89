import { useCallback, useEffect, useState } from 'react';
import { Screen } from '../../components/screen';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import type { AddDevelopmentGroupForm } from './add-development-group-form';

type Form = typeof AddDevelopmentGroupForm;
type FormState = { status: 'loading' } | { status: 'ready'; Form: Form } | { status: 'error' };

// react-hook-form and the fields load as their own chunk (the server preloads it with the page).
const loadForm = () => import('./add-development-group-form').then((m) => m.AddDevelopmentGroupForm);

/**
 * Spec §2 /add_development_group?da_id=&kebele_id=: group name and type, main button 'Add';
 * the new group goes back to the chat as a `group_added` result and the app closes; any
 * failure toasts error_adding_development_group, a 400's field errors show on the fields.
 */
export function AddDevelopmentGroupScreen() {
  const t = useT();
  const { values: ids, missing } = useScreenParams('addDevelopmentGroup');
  const [state, setState] = useState<FormState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    loadForm().then(
      (Form) => setState({ status: 'ready', Form }),
      () => setState({ status: 'error' }),
    );
  }, []);
  useEffect(load, []);
  return (
    <Screen
      title={t('group.title')}
      missing={missing}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? { message: t('errors.network_error'), onRetry: load } : null}
    >
      {state.status === 'ready' && ids.da_id && ids.kebele_id && (
        <state.Form daId={ids.da_id} kebeleId={ids.kebele_id} />
      )}
    </Screen>
  );
}

export { AddDevelopmentGroupScreen as default };
