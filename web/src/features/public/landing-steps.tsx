/** How an order goes, in three steps (the order lifecycle as a customer lives it). */
export function HowItWorks() {
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">How it works</h2>
      <ol className="grid steps">
        <li className="card">
          <h3>Create your account</h3>
          <p>Register with your phone number and confirm it with the one-time code we send you.</p>
        </li>
        <li className="card">
          <h3>Place your order</h3>
          <p>Choose buy or sell, bank or cash. You see the rate, the fee and what you receive before you confirm; the rate is locked for 5 minutes.</p>
        </li>
        <li className="card">
          <h3>Pay and receive</h3>
          <p>Pay or send as your order shows and upload the proof. Once it is checked, we send your USDT or INR and you can follow every step.</p>
        </li>
      </ol>
    </section>
  );
}
