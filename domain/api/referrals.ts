// Response shapes of /api/referrals/*.

export interface MyReferralResponse {
  /** An unclaimed token of mine, for the invite link. */
  token: string;
}

export interface ClaimReferralResponse {
  claimed: true;
  message: string;
}
