// A guest's end screen: no submit (guests never reach a board), but "sign
// up to submit this run", whose links bring the visitor back to this run once the
// account has it (the play page's ?run=).

export class GuestOffer {
  /** `$`: the page's getElementById; `urls`: {signup, login} with `slot` for the run id. */
  constructor($, { urls, slot }) {
    Object.assign(this, { $, urls, slot });
  }

  /** Offers the finished run `finish` (the machine's) for signing up, if it is valid. */
  show(finish) {
    const $ = this.$;
    const valid = Boolean(finish.result?.valid);
    $("guest-submit").hidden = !valid;
    $("submit-button").hidden = true;
    $("submit-explain").hidden = true;
    if (valid) {
      $("guest-signup").href = this.urls.signup.replace(this.slot, finish.runId);
      $("guest-login").href = this.urls.login.replace(this.slot, finish.runId);
    }
  }
}
