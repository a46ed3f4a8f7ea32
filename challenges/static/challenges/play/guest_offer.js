// A guest's end screen: no submit (guests never reach a board), but "sign up to submit
// this run", whose links bring the visitor back to this run once the account has it
// (the play page's ?run=). Only a run that can count is offered: a sign-up for a run the
// board would refuse (not valid, or not eligible) ends in a refusal, and one with no
// points is no reason to make an account.

import { submittable } from "./machine.js";

export class GuestOffer {
  /** `$`: the page's getElementById; `urls`: {signup, login} with `slot` for the run id. */
  constructor($, { urls, slot }) {
    Object.assign(this, { $, urls, slot });
  }

  /** Offers the finished run `finish` (the machine's) for signing up, if it can count. */
  show(finish) {
    const $ = this.$;
    const offered = submittable(finish.result) && finish.result.score > 0;
    $("guest-submit").hidden = !offered;
    $("submit-button").hidden = true;
    $("submit-explain").hidden = true;
    if (offered) {
      $("guest-signup").href = this.urls.signup.replace(this.slot, finish.runId);
      $("guest-login").href = this.urls.login.replace(this.slot, finish.runId);
    }
  }
}
