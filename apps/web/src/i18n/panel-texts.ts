import { UI_PANEL } from '@blaster/contract';
import { addDefaultTexts } from '.';

// The signed-in panel's own texts in the spec's wording, which the first page does not download.
addDefaultTexts(UI_PANEL);
