import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/texts';
import { json, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { NotificationFormScreen } from './notification-form-screen';
import { notificationBackend, stored } from './test-kit';

// On a busy 2-core machine the first render also compiles the form's chunk, the API client, the
// contract and zod (and the other languages' texts): give asynchronous queries room.
configure({ asyncUtilTimeout: 15_000 });

const puts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'PUT');
const counts = { queued: 0, sent: 12, failed: 3, rate_per_second: 30, expected_finish: null };
const paused = (reason: 'grant' | 'operator') => () =>
  json(200, { ...stored({ paused: reason, paused_at: '2025-03-01T08:00:00Z' }), deliveries: counts });

function setup(lang = 'en') {
  openAt(`/notification/update/30?${signedQuery({ bot_user_id: 5, lang })}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationFormScreen mode="update" />);
  return user;
}

async function loaded() {
  await waitFor(() =>
    expect(screen.getByLabelText(/^(Name|ስም|Maqaa)$/)).toHaveValue('Weekly reach reminder'),
  );
}

describe('Notification form: a paused notification', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it.each([
    [
      'en',
      "Paused Paused: your notification-manager grant no longer covers this notification's area, so it is not being sent. Only an operator can resume it, once a grant covers the area again. You can still remove it.",
    ],
    [
      'am',
      'ቆሟል ቆሟል፦ የማሳወቂያ አስተዳዳሪ ፈቃድዎ የዚህን ማሳወቂያ አካባቢ ከእንግዲህ አይሸፍንም፤ ስለዚህ አይላክም። ማስቀጠል የሚችለው ኦፕሬተር ብቻ ነው፣ ፈቃድ አካባቢውን እንደገና ሲሸፍን። አሁንም ሊያስወግዱት ይችላሉ።',
    ],
    [
      'om',
      "Dhaabbateera Dhaabbateera: hayyamni hoogganaa beeksisaa keessanii naannoo beeksisa kanaa hin haguugu, kanaaf hin ergamu. Itti fufsiisuu kan danda'u operaatera qofa, yeroo hayyamni naannicha irra deebi'ee haguugu. Ammas haquu ni dandeessu.",
    ],
  ])('says it is paused, why, and who can resume it (%s)', async (lang, text) => {
    await initI18n(lang as 'en');
    notificationBackend({ details: paused('grant') });
    setup(lang);
    await waitFor(() => expect(document.querySelector('.notification-paused')?.textContent).toBe(text));
    expect(document.querySelector('.notification-paused')).toHaveAttribute('role', 'status');
  });

  it('removing works without a grant: the soft removal is sent as ever', async () => {
    const { requests } = notificationBackend({ details: paused('grant') });
    const user = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(puts(requests).map((r) => r.body)).toEqual([{ active: false }]));
    expect(await screen.findByText('Notification removed successfully')).toBeInTheDocument();
  });

  it('an update without a grant is refused by the server, and the form says why', async () => {
    notificationBackend({
      details: paused('operator'),
      update: () =>
        json(403, { detail: 'Only notification managers appointed by your organisation can do this.' }),
    });
    const user = setup();
    await loaded();
    expect(screen.getByText(/^Paused by an operator/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(/Only notification managers appointed by your organisation can do this\./),
    ).toBeInTheDocument();
  });
});

describe('Notification form: control characters', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('a name refuses a tab on its field; the message keeps its line breaks but no other control', async () => {
    const { requests } = notificationBackend({
      details: () => json(200, { ...stored(), deliveries: counts }),
    });
    const user = setup();
    await loaded();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('Field\tday');
    const message = screen.getByLabelText('Message');
    await user.clear(message);
    await user.click(message);
    await user.paste('Bring your notebooks.\u0007');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Must be one line: no line breaks, tabs or other control characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Must not contain control characters (line breaks are fine)'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Field day');
    await user.clear(message);
    await user.click(message);
    await user.paste('Line one\nLine two');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({ name: 'Field day', message: 'Line one\nLine two' });
  });
});
