import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test-kit/render';

/**
 * telegram-ui's section header, as patched (pnpm-workspace.yaml): a screen that re-renders
 * (a tick, a keystroke, the outbox's count) keeps the header element it showed, so what a
 * reader or a test found on screen is still there a moment later.
 */
describe('a section header', () => {
  it('keeps its element when its screen re-renders', async () => {
    let rerender = () => {};
    function Picker() {
      const [ticks, setTicks] = useState(0);
      rerender = () => setTicks((n) => n + 1);
      return (
        <List>
          <Section header="Select the development groups">
            <Cell>{`Tesfa ${ticks}`}</Cell>
          </Section>
        </List>
      );
    }
    renderInApp(<Picker />);
    const header = screen.getByText('Select the development groups');
    act(() => rerender());
    expect(await screen.findByText('Tesfa 1')).toBeInTheDocument();
    expect(header.isConnected).toBe(true);
    expect(screen.getByText('Select the development groups')).toBe(header);
  });
});
