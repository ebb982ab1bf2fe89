export { isValidPhone, NATIONAL_PHONE_PATTERN, normalizePhone, PHONE_PATTERN, prefillPhone } from './phone';
