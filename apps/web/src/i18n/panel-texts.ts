import { MESSAGE_TEXT, UI_PANEL } from '@blaster/contract';
import { addDefaultMessages, addDefaultTexts } from '.';

// The signed-in panel's own texts and the rest of MSG in the spec's wording, which the first page does
// not download.
addDefaultTexts(UI_PANEL);
addDefaultMessages(MESSAGE_TEXT);
