import { messages } from '../../i18n';

// Getters: each read takes the chosen language's text.
export const LOOKUP_TITLES = {
  get generator() {
    const MSG = messages();
    return MSG.generatorListTitle;
  },
  get validator() {
    const MSG = messages();
    return MSG.validatorListTitle;
  },
};
