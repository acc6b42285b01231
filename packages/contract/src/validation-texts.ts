import { z } from 'zod';
import { MESSAGE_KEY } from './messages';

/**
 * What a schema says when it names no message of its own: an empty or missing field is "required"
 * and anything else an invalid request, as message keys rendered in the reader's language. Without
 * it, the validator's own English ("Too small: expected string to have >=1 characters") reached users.
 */
z.config({
  customError: (issue) => {
    const emptyText = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return emptyText || missing ? MESSAGE_KEY.textRequired : MESSAGE_KEY.invalidRequest;
  },
});
