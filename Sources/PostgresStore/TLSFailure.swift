extension PostgresStore {
    /// A TLS handshake the box refused, in words, from libpq's message: the server's certificate
    /// not signed by the authority the URL trusts, or not naming the URL's host. `nil` for any
    /// other failure.
    func tlsFailure(_ message: String) -> Failure? {
        let host = url.host ?? "the server"
        if message.contains("does not match host name") {
            return Failure(
                description: "the server's certificate does not name \(host) (sslmode=\(url.tlsMode.rawValue));"
                    + " connect by a name or address the certificate holds")
        }
        if message.contains("certificate verify failed"), let authority = url.rootCertificate,
            [.verifyCA, .verifyFull].contains(url.tlsMode)
        {
            return Failure(
                description: "the server's certificate at \(host) is not signed by the authority in \(authority)"
                    + " (sslrootcert)")
        }
        guard message.contains("SSL"), !message.contains("FATAL:") else { return nil }
        return Failure(description: "the TLS handshake with \(url) failed (\(Self.oneLine(message)))")
    }
}
