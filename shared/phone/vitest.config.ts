import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'phone', include: ['src/**/*.test.ts'] } });
