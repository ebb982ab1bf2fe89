/**
 * Admin areas of the demo by their code in the shipped admin files (admin/*.csv), for the report
 * user and the tests that look at them: Bahir Dar Zuria, the woreda with two demo kebeles
 * (Danamariyam has the most activity), and Chume in Dale (Sidama), where coffee is grown.
 */
export const PLACES = {
  bahirDarZuria: { woreda: 'ET031702', danamariyam: 'ET031702888001' },
  dale: { woreda: 'ET080303-2', chume: 'ET080303888003' },
} as const;
