import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../test-kit/fake-fetch';
import { openAt } from '../test-kit/render';
import { App } from './app';
import { preloadScreen } from './screens';

// Its own file: which screen modules are loaded is module state that the router tests change.
describe('the launch screen (main.tsx waits for its preloaded chunk)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    installFakeFetch();
  });

  it('renders in the first commit, without the chunk fallback React would keep for 300 ms', async () => {
    openAt('/notification/list');
    await preloadScreen('/notification/list');
    const { container } = render(<App />);
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(container.querySelector('.screen-loading')).toBeNull();
  });

  it('a screen whose chunk is not here yet shows the fallback, then itself', async () => {
    openAt('/feedback');
    const { container } = render(<App />);
    expect(container.querySelector('.screen-loading')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
  });
});
