#pragma once
// A loopback TCP port held for a server that a test starts on it (the master of a training
// group: c10d's TCPStore). Picking a free port and closing it before the server binds it lets
// another process take it in between; instead the port stays bound here, with SO_REUSEADDR
// and never listening, until this object goes. Meanwhile the kernel hands it to no one else
// (an ephemeral pick skips a bound port, a plain bind gets EADDRINUSE), while a server that
// binds with SO_REUSEADDR, as TCPStore does, can still listen on it: bound sockets that do
// not listen do not conflict with it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QtGlobal>
#include <string>

namespace xqtest {

class ReservedPort {
  public:
    ReservedPort() {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);  // not inherited by children
        const int one = 1;
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        socklen_t len = sizeof a;
        if (fd_ < 0 || ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
            ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
            ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
            qFatal("cannot reserve a loopback port");
        port_ = ntohs(a.sin_port);
    }
    ~ReservedPort() {
        if (fd_ >= 0) ::close(fd_);
    }
    ReservedPort(const ReservedPort&) = delete;
    ReservedPort& operator=(const ReservedPort&) = delete;

    int port() const { return port_; }
    std::string master() const { return "127.0.0.1:" + std::to_string(port_); }

  private:
    int fd_ = -1;
    int port_ = 0;
};

}  // namespace xqtest
