import { MSG } from '../../i18n';

// Getters: each read takes the chosen language's text.
export const LOOKUP_TITLES = {
  get generator() {
    return MSG.generatorListTitle;
  },
  get validator() {
    return MSG.validatorListTitle;
  },
};
