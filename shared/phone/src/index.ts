export {
  isValidPhone,
  NATIONAL_PHONE_PATTERN,
  normalizePhone,
  PHONE_IN_TEXT,
  PHONE_PATTERN,
  prefillPhone,
} from './phone';
