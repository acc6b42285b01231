import { z as zod } from 'zod';
import { MESSAGE_KEY } from './messages';

/**
 * The contract's schemas take `z` from here, never from zod itself: whatever loads a schema has then
 * run this configuration, and no bundler can drop it as an unused module (bundlers drop modules that
 * are imported only for what they do on load, which had left the validator's English in the bundles).
 *
 * What a schema says when it names no message of its own: an empty or missing field is "required"
 * and anything else an invalid request, as message keys rendered in the reader's language. Without
 * it, the validator's own English ("Too small: expected string to have >=1 characters") reached users.
 */
zod.config({
  customError: (issue) => {
    const emptyText = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return emptyText || missing ? MESSAGE_KEY.textRequired : MESSAGE_KEY.invalidRequest;
  },
});

/** zod as configured above (a binding of this module, so no bundler can go around it), types included. */
export import z = zod;
