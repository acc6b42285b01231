import { UI_ACCOUNT } from '@blaster/contract';
import { addDefaultTexts } from '.';

// The sign-up, password-reset and legal pages' texts in the spec's wording, loaded with those pages.
addDefaultTexts(UI_ACCOUNT);
