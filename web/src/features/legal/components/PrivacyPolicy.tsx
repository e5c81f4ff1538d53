export function PrivacyPolicy() {
  return (
    <>
      <h2>What we collect</h2>
      <ul>
        <li>Your name and email address, to sign you in and to contact you about your account.</li>
        <li>The council you choose, the closures and areas you follow, and your notification settings.</li>
        <li>Incident reports you submit, including their location, description and photos.</li>
        <li>For council staff: the councils and roles you hold, and a record of the changes you make.</li>
        <li>Error reports from the app (the message, the page and your browser version), to fix problems.</li>
      </ul>
      <h2>What we do not collect</h2>
      <p>
        We do not track your location in the background. The map uses your location only when you ask it to, and
        directions use only the places you enter.
      </p>
      <h2>Who sees it</h2>
      <p>
        Staff of the council responsible for the area see the reports you submit there. Your email address is not
        shown to the public. We do not sell personal information. Data is stored in Australia (AWS Sydney region) and
        handled in line with the Australian Privacy Principles.
      </p>
      <h2>Your choices</h2>
      <p>
        You can unfollow closures, turn notifications off, retract your reports and ask us to delete your account at
        any time. Council boundaries and map data are stored on your device so the app works offline; clearing your
        browser's site data removes them.
      </p>
    </>
  );
}
