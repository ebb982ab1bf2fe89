import type { ThemeName } from './types.js';

/** Theme params close to Telegram's own clients, so mini-apps are checked against real colours. */
export const THEMES: Record<ThemeName, Record<string, string>> = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    bottom_bar_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    section_separator_color: '#e7e7e7',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#0f0f0f',
    header_bg_color: '#212121',
    bottom_bar_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    section_separator_color: '#0f0f0f',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
};
